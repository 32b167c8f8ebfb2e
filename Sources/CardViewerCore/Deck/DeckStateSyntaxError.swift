import CardJSON

/// Why state bytes are not a deck state; one line (the line and column, or the field's path).
/// The scanner's error (`CardJSON`), named for the state's readers.
public typealias DeckStateSyntaxError = JSONSyntaxError
