/// Why a server's certificate was refused, in words, from libcurl's verify result (OpenSSL's
/// `X509_V_ERR_*` numbers): expired, another host name, an unknown issuer, self-signed.
enum TLSVerdict {
    static func describe(verifyResult: Int, host: String) -> String {
        switch verifyResult {
        case 0, 1:
            // The chain is good and libcurl's own name check refused it (it leaves 0, or OpenSSL's
            // "unspecified", 1): the certificate is for another host.
            return "the server's certificate is not for the host name \(host) (wrong host name)"
        case 9: return "the server's certificate is not valid yet (check this device's clock)"
        case 10: return "the server's certificate has expired (or this device's clock is wrong)"
        case 18:
            return "the server's certificate is self-signed and not trusted (to trust it, set caFile to it)"
        case 19:
            return "the server's certificate chain ends in a self-signed authority that is not trusted "
                + "(for a private CA, set caFile)"
        case 2, 20, 21:
            return "the server's certificate comes from an unknown issuer (for a private CA, set caFile)"
        case 23: return "the server's certificate has been revoked"
        case 62, 64: return "the server's certificate is not for the host name \(host) (wrong host name)"
        default:
            return
                "the server's certificate is not trusted (verify error \(verifyResult); for a private CA, set caFile)"
        }
    }
}
