// Documents are read, checked and laid out with the values of CGLValues (content,
// environments, profiles, issues): whoever imports CGLDocument has them.
@_exported public import CGLValues
