import Foundation

/// Server certificates with one fault each, made with openssl for one test: expired, for another
/// host name, from an authority the client is not given, self-signed. The authority (`caFile`)
/// is the one the client trusts, except for `unknownIssuer`.
struct FaultyCertificates {
    let caFile: String
    /// (certificate, key) pairs.
    let expired: (String, String)
    let wrongHost: (String, String)
    let unknownIssuer: (String, String)
    let selfSigned: (String, String)

    init(in folder: ServedFolder) throws {
        let dir = folder.sub("faulty-tls")
        caFile = dir + "/ca.pem"
        try Self.authority(dir, name: "ca", subject: "/CN=Vitrine Test CA")
        try Self.authority(dir, name: "other-ca", subject: "/CN=Another CA")
        try Data().write(to: URL(fileURLWithPath: dir + "/index.txt"))
        try Data("01\n".utf8).write(to: URL(fileURLWithPath: dir + "/serial"))
        let config = """
            [ca]
            default_ca = test
            [test]
            database = \(dir)/index.txt
            serial = \(dir)/serial
            new_certs_dir = \(dir)
            default_md = sha256
            policy = any
            unique_subject = no
            [any]
            commonName = supplied
            """
        try config.write(toFile: dir + "/ca.cnf", atomically: true, encoding: .utf8)
        expired = try Self.server(
            dir, "expired", ca: "ca", names: "IP:127.0.0.1",
            dates: ["-startdate", "20200101000000Z", "-enddate", "20200201000000Z"])
        wrongHost = try Self.server(dir, "wrong-host", ca: "ca", names: "DNS:photos.example")
        unknownIssuer = try Self.server(dir, "unknown-issuer", ca: "other-ca", names: "IP:127.0.0.1")
        selfSigned = (dir + "/self.pem", dir + "/self.key")
        try run([
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", selfSigned.1, "-out", selfSigned.0,
        ])
    }

    private static func authority(_ dir: String, name: String, subject: String) throws {
        try run([
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", subject, "-keyout",
            "\(dir)/\(name).key", "-out", "\(dir)/\(name).pem",
        ])
    }

    private static func server(
        _ dir: String, _ name: String, ca: String, names: String, dates: [String] = ["-days", "2"]
    )
        throws -> (String, String)
    {
        let key = "\(dir)/\(name).key"
        let cert = "\(dir)/\(name).pem"
        try run([
            "openssl", "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=\(name)", "-keyout", key, "-out",
            "\(dir)/\(name).csr",
        ])
        try "subjectAltName=\(names)\n".write(toFile: "\(dir)/\(name).ext", atomically: true, encoding: .utf8)
        try run(
            [
                "openssl", "ca", "-config", "\(dir)/ca.cnf", "-batch", "-notext", "-cert", "\(dir)/\(ca).pem",
                "-keyfile",
                "\(dir)/\(ca).key", "-in", "\(dir)/\(name).csr", "-out", cert, "-extfile", "\(dir)/\(name).ext",
            ] + dates)
        return (cert, key)
    }
}
