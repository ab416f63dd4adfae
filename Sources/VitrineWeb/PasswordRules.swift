import Foundation

/// What a new password must be: long enough, not one of the passwords everyone tries first (a
/// list shipped with the program), not one character or a run such as `12345678`, typed twice.
public enum PasswordRules {
    public static let minimumLength = 10

    /// Why `password` is refused; nil when it is fine.
    public static func problem(_ password: String, confirmation: String?) -> String? {
        if let confirmation, confirmation != password { return "the two passwords differ; type the same one twice" }
        if password.count < minimumLength { return "choose a password of at least \(minimumLength) characters" }
        let trimmed = password.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "choose a password that is not only spaces" }
        let scalars = Array(password.lowercased().unicodeScalars)
        if Set(scalars).count < 4 { return "choose a password with more different characters" }
        let steps = zip(scalars, scalars.dropFirst()).map { Int($1.value) - Int($0.value) }
        if Set(steps).count == 1, let step = steps.first, abs(step) <= 1 {
            return "choose a password that is not a run of keys such as 12345678"
        }
        if isCommon(password) { return "that password is one of the first everyone tries; choose another" }
        return nil
    }

    /// Whether the password, or it without the digits and signs people put at its end, is on
    /// the list (any case).
    static func isCommon(_ password: String) -> Bool {
        let lower = password.lowercased()
        if common.contains(lower) { return true }
        var stem = Substring(lower)
        while let last = stem.last, last.isNumber || last.isPunctuation || last.isSymbol || last == " " {
            stem = stem.dropLast()
        }
        if common.contains(String(stem)) { return true }
        for word in ["vitrine", "password", "passwort", "motdepasse", "qwerty", "azerty", "letmein", "admin"]
        where lower.hasPrefix(word) && lower.dropFirst(word.count).allSatisfy({ $0.isNumber || $0.isPunctuation }) {
            return true
        }
        return false
    }

    /// Passwords found first in every leaked list, and the names of this kind of device.
    static let common: Set<String> = [
        "123456", "password", "12345678", "qwerty", "123456789", "12345", "1234", "111111", "1234567", "dragon",
        "123123", "baseball", "abc123", "football", "monkey", "letmein", "shadow", "master", "666666",
        "qwertyuiop", "123321", "mustang", "1234567890", "michael", "654321", "superman", "1qaz2wsx", "7777777",
        "121212", "000000", "qazwsx", "123qwe", "killer", "trustno1", "jordan", "jennifer", "zxcvbnm", "asdfgh",
        "hunter", "buster", "soccer", "harley", "batman", "andrew", "tigger", "sunshine", "iloveyou", "2000",
        "charlie", "robert", "thomas", "hockey", "ranger", "daniel", "starwars", "klaster", "112233", "george",
        "computer", "michelle", "jessica", "pepper", "1111", "zxcvbn", "555555", "11111111", "131313", "freedom",
        "777777", "pass", "maggie", "159753", "aaaaaa", "ginger", "princess", "joshua", "cheese", "amanda",
        "summer", "love", "ashley", "nicole", "chelsea", "biteme", "matthew", "access", "yankees", "987654321",
        "dallas", "austin", "thunder", "taylor", "matrix", "mobilemail", "mom", "monitor", "monitoring",
        "montana", "moon", "moscow", "welcome", "welcome1", "passw0rd", "password1", "password12", "password123",
        "p@ssw0rd", "p@ssword", "admin", "admin123", "administrator", "changeme", "raspberry", "raspberrypi",
        "photoframe", "photo frame", "pictureframe", "slideshow", "kiosk", "vitrine", "default", "guest",
        "qwerty123", "qwertyui", "1q2w3e4r", "1q2w3e4r5t", "1q2w3e", "zaq12wsx", "qazwsxedc", "asdfghjkl",
        "iloveyou1", "sunshine1", "princess1", "football1", "baseball1", "superman1", "trustno1!", "letmein1",
        "abcdefg", "abcdefgh", "abcd1234", "abc12345", "a1b2c3d4", "aa123456", "password!", "secret", "secret123",
        "whatever", "nothing", "internet", "samsung", "google", "facebook", "linkedin", "apple", "iphone",
        "starwars1", "pokemon", "naruto", "minecraft", "liverpool", "arsenal", "chelsea1", "barcelona", "realmadrid",
        "hello", "hello123", "helloworld", "hallo", "hallo123", "bonjour", "soleil", "azerty", "azertyuiop",
        "qwertz", "qwertzuiop", "passwort", "passwort1", "motdepasse", "contraseña", "contrasena", "senha",
        "parola", "haslo", "salasana", "wachtwoord", "lösenord", "losenord", "adgangskode", "passord", "jelszo",
        "ciao", "ciao123", "amore", "tequiero", "teamo", "ichliebedich", "jetaime", "schatz", "familie", "family",
        "shop", "shop1234", "store", "store1234", "office", "office123", "wifi", "wifipassword", "internet1",
        "letmein123", "welcome123", "login", "login123", "user", "user123", "root", "toor", "test", "test123",
        "testtest", "demo", "demo1234", "temp", "temp1234", "pass1234", "pass123", "1234qwer", "qwer1234",
        "asdf1234", "zxcv1234", "11223344", "12341234", "123412345", "12344321", "87654321", "98765432",
        "0123456789", "9876543210", "13579", "24680", "147258369", "159357", "147852", "741852963", "1111111111",
        "0000000000", "1212121212", "abcabcabc", "qweqweqwe", "asdasdasd", "zxczxczxc", "aaaaaaaa", "00000000",
    ]
}
