// A lookup's content and environment, and a snapshot's, are CGLValues' values: whoever
// imports CGLClient has them.
@_exported public import CGLValues
