package import CGLDocument
package import CGLWire
import CGLBridge
import CGLayout
import Foundation

extension WireSnapshot {
    /// A document snapshot as the daemon sends it, with where it was found.
    package init(_ snapshot: DocumentSnapshot, source: Source) {
        self.init(source: source, scheme: snapshot.scheme, hash: snapshot.hash, engine: snapshot.engine,
                  environment: WireEnvironment(snapshot.environment),
                  size: WireSize(width: snapshot.size.width, height: snapshot.size.height),
                  elements: snapshot.elements.map { entry in
                      Element(id: entry.id, frame: WireRect(entry.frame), inRoot: WireRect(entry.inRoot),
                              scrollSize: entry.scrollSize.map { WireSize(width: $0.width, height: $0.height) })
                  },
                  contentDigest: snapshot.contentDigest)
    }

    /// The snapshot as `CGLDocument` has it, to render it as `cglctl compute` does.
    package var documentSnapshot: DocumentSnapshot {
        DocumentSnapshot(scheme: scheme, hash: hash, engine: engine, environment: LayoutEnvironment(environment),
                         size: CGSize(width: size.width, height: size.height),
                         entries: elements.map { element in
                             DocumentSnapshot.Entry(id: element.id, frame: CGRect(element.frame), inRoot: CGRect(element.inRoot),
                                                    scrollSize: element.scrollSize.map { CGSize(width: $0.width, height: $0.height) })
                         },
                         contentDigest: contentDigest)
    }

    /// The JSON of `cglctl compute --format json` for the same snapshot, plus `"source"` as
    /// the last member (`docs/protocol.md` §11).
    package var json: String {
        let body = documentSnapshot.json
        // `DocumentSnapshot.json` is one object: the member goes before its closing brace.
        return String(body.dropLast()) + ",\"source\":\"\(source.name)\"}"
    }
}
