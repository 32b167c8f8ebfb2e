/// Why bytes are not the JSON a reader expects: one line, `not valid JSON: WHAT at line L,
/// column C`, or a reader's own sentence (`missing field 'cards'`) where no place applies.
public struct JSONSyntaxError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What is wrong, without the place ("unexpected '}'").
    public var reason: String
    /// The byte offset it is at; `nil` for errors about the whole document.
    public var offset: Int?
    /// The line and column of `offset`.
    public var position: TextPosition?
    /// The line as shown to people.
    public var description: String
    /// True for a number beyond what the reader's type holds (`1e999`, an integer past 2⁶³):
    /// readers that reword a field's wrong value keep this error, which names its place.
    public var isNumberOutOfRange = false

    /// An error at a place in the text.
    public init(reason: String, offset: Int, position: TextPosition) {
        self.reason = reason
        self.offset = offset
        self.position = position
        description = "not valid JSON: \(reason) at \(position)"
    }

    /// An error with no place: `description` is shown as it is.
    public init(description: String) {
        reason = description
        offset = nil
        position = nil
        self.description = description
    }
}
