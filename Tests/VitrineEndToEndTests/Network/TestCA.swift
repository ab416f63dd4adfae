import Foundation

/// A certificate authority and a server certificate for 127.0.0.1, made with openssl for one test.
struct TestCA {
    let caFile: String
    let certFile: String
    let keyFile: String

    init(in folder: ServedFolder) throws {
        let dir = folder.sub("tls")
        caFile = dir + "/ca.pem"
        certFile = dir + "/server.pem"
        keyFile = dir + "/server.key"
        try run(
            [
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                "/CN=Vitrine Test CA",
                "-keyout", dir + "/ca.key", "-out", caFile,
            ])
        try run(
            [
                "openssl", "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", keyFile, "-out",
                dir + "/server.csr",
            ])
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\n".write(
            toFile: dir + "/ext.cnf", atomically: true, encoding: .utf8)
        try run(
            [
                "openssl", "x509", "-req", "-in", dir + "/server.csr", "-CA", caFile, "-CAkey", dir + "/ca.key",
                "-CAcreateserial", "-days", "2", "-extfile", dir + "/ext.cnf", "-out", certFile,
            ])
    }
}
