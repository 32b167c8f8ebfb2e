import CardLayoutFiles
import Testing

/// Errors name the place (a byte offset in the expression, a line and column in the file) and
/// what is wrong; an unknown variable names the known ones.
@Suite struct ExpressionErrorTests {
    @Test(arguments: [
        ("1 + * 2", 4, "expected a number, a name or '(', found '*'"),
        ("(1 + 2", 6, "expected ')', found the end"),
        ("1 + 2)", 5, "unexpected ')'"),
        ("sin(1, 2)", 0, "sin takes 1 argument, got 2: sin(x)"),
        ("clamp(o)", 0, "clamp takes 3 arguments, got 1: clamp(x, lo, hi)"),
        ("o ? 1", 5, "expected ':' of 'condition ? a : b', found the end"),
        ("2 # 3", 2, "unexpected '#'"),
        ("o = 1", 2, "'=' is not an operator; did you mean '=='?"),
        ("o & 1", 2, "'&' is not an operator; did you mean '&&'?"),
        ("1e+", 1, "a number's exponent needs digits"),
        ("", 0, "empty expression"),
        ("sin", 0, "'sin' is a function: write sin(x)"),
        ("foo(1)", 0, "unknown function 'foo'"),
        ("1.2.3", 3, "a number with a second '.'"),
        ("2 * π", 4, "unexpected 'π' (U+03C0)"),
        ("o \u{1}", 2, "unexpected byte 0x1"),
    ])
    func error(_ text: String, _ offset: Int, _ message: String) {
        let error = Evaluate.error(text)
        #expect(error?.offset == offset, "\(text): \(String(describing: error))")
        #expect(error?.message.hasPrefix(message) == true, "\(text): \(String(describing: error))")
    }

    @Test func unknownVariableNamesTheKnownOnes() {
        let error = Evaluate.error("o * width")
        #expect(error?.offset == 4)
        #expect(error?.message == "unknown variable 'width'; known: o, i, n, s, w, h, W, H, v, tilt, spacing, pi, inf")
    }

    @Test func depthAndLengthAreCapped() {
        let deep = String(repeating: "(", count: 200) + "1" + String(repeating: ")", count: 200)
        #expect(Evaluate.error(deep)?.message.contains("nested deeper") == true)
        let chain = Array(repeating: "1", count: 400).joined(separator: "+")
        #expect(Evaluate.error(chain)?.message.contains("nested deeper than 256") == true)
        let long = String(repeating: "1+", count: 3000) + "1"
        #expect(Evaluate.error(long)?.message.contains("longer than 4096 bytes") == true)
        let minus = String(repeating: "-", count: 100) + "1"
        #expect(Evaluate.error(minus)?.message.contains("nested deeper") == true)
    }

    /// Errors in a file are `FILE:LINE:COLUMN: message`, the column counting characters.
    @Test func fileErrorsGiveLineAndColumn() {
        let text = """
            { "name": "bad",
              "options": { "tilt": 0.9 },
              "transform": [ { "rotateY": "-clamp(o, -1, 1) * pi / 2 * tlt" } ] }
            """
        #expect(layoutFileError(text, file: "bad.json")
                == "bad.json:3:60: unknown variable 'tlt'; known: o, i, n, s, w, h, W, H, v, tilt, pi, inf")
        #expect(layoutFileError("{ \"name\": \"x\", \"colour\": 1 }")?.hasPrefix("test.json:1:16: unknown key 'colour'; known keys: $schema, name,") == true)
        #expect(layoutFileError("{ \"name\": \"x\",\n  \"transform\": [ { \"spin\": 1 } ] }")
                == "test.json:2:20: unknown transform step 'spin'; steps: translate, rotateX, rotateY, rotateZ, rotate, scale")
        #expect(layoutFileError("{ \"name\": \"x\", \"alpha\": [1] }") == "test.json:1:25: expected a number or an expression in a string")
        #expect(layoutFileError("{ \"name\": \"x\" ") == "test.json:1:15: not valid JSON: unexpected end")
        #expect(layoutFileError("{ \"summary\": \"x\" }") == "test.json:1:1: missing key 'name' (the layout's name: letters, digits and -)")
        #expect(layoutFileError("{ \"name\": \"my flow\" }") == "test.json:1:11: 'my flow' is not a layout name: 1 to 64 letters, digits and -")
        // A boolean where a number is meant is an error at its place (it was 1); hidden takes one.
        #expect(layoutFileError("{ \"name\": \"x\", \"itemWidth\": true }") == "test.json:1:29: expected a number or an expression in a string, not true or false")
        #expect(layoutFileError("{ \"name\": \"x\", \"hidden\": false }") == nil)
        #expect(layoutFileError("{ \"name\": \"x\", \"translate\": [1, 2, 3] }")?.hasPrefix("test.json:1:16: unknown key 'translate'") == true)
        #expect(layoutFileError("{ \"name\": \"x\", \"transform\": [ { \"translate\": [1, 2] } ] }")
                == "test.json:1:46: translate [x, y, z] takes 3 values, got 2")
        #expect(layoutFileError("{ \"name\": \"x\", \"options\": { \"o\": 1 } }")?.hasPrefix("test.json:1:29: 'o' cannot name an option") == true)
        // An option's default may use only the options before it.
        #expect(layoutFileError("{ \"name\": \"x\", \"options\": { \"a\": \"b\", \"b\": 1 } }")
                == "test.json:1:35: unknown variable 'b'; known: n, w, h, W, H, pi, inf")
        #expect(layoutFileError("{ \"name\": \"x\", \"base\": \"nonesuch\" }") == "test.json:1:24: unknown base layout 'nonesuch'; cardviewer layouts lists them")
        // Non-ASCII before the place: the column counts characters.
        #expect(layoutFileError("{ \"summary\": \"éé\", \"name\": \"x\", \"alpha\": \"1 +\" }") == "test.json:1:46: expected a number, a name or '(', found the end")
    }

    @Test func fileSizeIsCapped() {
        let big = "{ \"name\": \"x\", \"summary\": \"" + String(repeating: "a", count: LayoutFileLimits.maximumFileSize) + "\" }"
        #expect(layoutFileError(big)?.contains("larger than 1048576 bytes") == true)
    }
}
