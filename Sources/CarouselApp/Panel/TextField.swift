/// A one-line text field's model, shared by the panel's typed values (numbers, curves) and names (a new preset's, a
/// renamed one's): which characters it takes, the text, and whether it still holds the text it opened with (the
/// first character typed replaces that text, as in a selected field).
struct TextField: Equatable {
    /// What the field's text becomes, which decides the characters it takes.
    enum Kind: Equatable {
        /// A number: digits, `.`, `-`.
        case number
        /// A timing curve: letters, digits and `-.,():`.
        case curve
        /// A preset's name (`PresetStore.isNameCharacter`).
        case name
    }

    let kind: Kind
    private(set) var text: String
    /// Still the text it opened with.
    private(set) var pristine = true
    /// The longest text taken.
    static let maxLength = 64

    init(_ kind: Kind, text: String) { self.kind = kind; self.text = text }

    /// Whether the field takes `c`.
    func accepts(_ c: Character) -> Bool {
        switch kind {
        case .number: c.isASCII && (c.isNumber || c == "." || c == "-")
        case .curve: c.isASCII && (c.isLetter || c.isNumber || "-.,():".contains(c))
        case .name: PresetStore.isNameCharacter(c)
        }
    }

    /// Types `s`: the characters the field takes, up to `maxLength`.
    mutating func type(_ s: String) {
        for c in s where accepts(c) {
            if pristine { text = ""; pristine = false }
            if text.count < TextField.maxLength { text.append(c) }
        }
    }

    /// Backspace: clears the text it opened with, else deletes the last character.
    mutating func backspace() {
        if pristine { text = ""; pristine = false } else if !text.isEmpty { text.removeLast() }
    }
}
