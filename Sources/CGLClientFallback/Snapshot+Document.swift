public import CGLClient
public import CGLDocument
import CGLDocumentBridge

extension Snapshot {
    /// The snapshot as the document layer has it (the JSON of `cglctl compute`).
    public var document: DocumentSnapshot { wire.documentSnapshot }
}
