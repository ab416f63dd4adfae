import CCurl
import Foundation
import VitrineCore

/// Receives a response body as it arrives; returning false stops the transfer.
protocol BodySink: AnyObject {
    /// `status` and `headers` are the final response's, known before the first byte.
    func accept(_ bytes: UnsafeRawBufferPointer, status: Int, headers: [String: String]) -> Bool
}

/// Told how far a transfer is, from libcurl's progress callback; returning false cancels it.
typealias TransferObserver = @Sendable (_ received: Int64, _ total: Int64) -> Bool

/// One libcurl easy handle, owned: created per transfer and freed in `deinit`.
/// Its raw pointers never leave this file.
final class CurlEasy {
    private let handle: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// The first option libcurl refused while a request was set up (an option unknown to this
    /// build, out of memory): such a request is not sent, since a refused option may be a limit
    /// or a certificate check.
    private var refused: (option: String, code: CURLcode)?

    private static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    init() throws(TransferFailure) {
        guard Self.globalInit, let handle = curl_easy_init() else {
            throw .other("libcurl could not be initialised")
        }
        self.handle = handle
    }

    deinit {
        curl_easy_cleanup(handle)
        if let headerList { curl_slist_free_all(headerList) }
    }

    /// Runs `request` to its end on the calling thread, handing the body of a 2xx answer to `sink`.
    /// Redirects (at most 5, http and https only) are followed here rather than by libcurl, which
    /// would carry custom headers such as `x-api-key` to any host: a hop to another origin than the
    /// request's own goes without its credentials (user and password, secret and `Authorization`
    /// headers), and an answer of 401 or 403 there is named as such.
    func perform(_ request: HTTPRequest, into sink: BodySink, observer: TransferObserver? = nil) -> HTTPResponse {
        var hop = request
        var withheldFrom: String?
        var redirects = 0
        while true {
            let (response, location) = performOnce(hop, into: sink, observer: observer)
            guard let location else { return Self.named(response, withheldFrom: withheldFrom) }
            redirects += 1
            guard redirects <= HTTPRequest.maximumRedirects else {
                return HTTPResponse(status: response.status, failure: .tooManyRedirects)
            }
            guard let next = RequestOrigin(location), next.isWeb else {
                return HTTPResponse(status: response.status, failure: .forbiddenScheme)
            }
            hop = Self.following(hop, original: request, to: location, status: response.status)
            withheldFrom = RequestOrigin(request.url) != next && request.carriesCredentials ? next.host : nil
            curl_easy_reset(handle)
            if let headerList { curl_slist_free_all(headerList) }
            headerList = nil
        }
    }

    /// The request of the next hop of a redirect: 303 (and 301/302 after a POST) become a GET
    /// without a body, as browsers and libcurl do; credentials only to the original origin.
    static func following(_ hop: HTTPRequest, original: HTTPRequest, to location: String, status: Int) -> HTTPRequest {
        var next = hop
        next.url = location
        if (status == 303 && hop.method != "HEAD") || ((status == 301 || status == 302) && hop.method == "POST") {
            next.method = "GET"
            next.body = nil
            next.headers.removeAll { HTTPRequest.headerName($0) == "content-type" }
        }
        if let from = RequestOrigin(original.url), let to = RequestOrigin(location), from == to {
            next.credentials = original.credentials
            next.secretHeaders = original.secretHeaders
        } else {
            next.credentials = nil
            next.secretHeaders = []
            next.headers.removeAll { HTTPRequest.isCredentialHeader($0) }
        }
        return next
    }

    private static func named(_ response: HTTPResponse, withheldFrom host: String?) -> HTTPResponse {
        guard let host, case .http(let status) = response.failure, status == 401 || status == 403 else {
            return response
        }
        var named = response
        named.failure = .credentialsWithheld(host: host, status: status)
        return named
    }

    /// One request, no redirect followed: the response, and the absolute address a 3xx points at.
    private func performOnce(_ request: HTTPRequest, into sink: BodySink, observer: TransferObserver?) -> (
        HTTPResponse, String?
    ) {
        let context = TransferContext(limit: request.maximumBytes, sink: sink, observer: observer)
        let authOrigin = request.credentials.map { AuthMemory.key(url: request.url, user: $0.user) }
        refused = nil
        configure(request, basicOnly: authOrigin.map(AuthMemory.isBasic) ?? false)
        let opaque = Unmanaged.passUnretained(context).toOpaque()
        check("WRITEFUNCTION", vitrine_curl_set_write_function(handle, CURLOPT_WRITEFUNCTION, curlWrite))
        check("WRITEDATA", vitrine_curl_set_pointer(handle, CURLOPT_WRITEDATA, opaque))
        check("HEADERFUNCTION", vitrine_curl_set_write_function(handle, CURLOPT_HEADERFUNCTION, curlHeader))
        check("HEADERDATA", vitrine_curl_set_pointer(handle, CURLOPT_HEADERDATA, opaque))
        check("XFERINFOFUNCTION", vitrine_curl_set_xferinfo_function(handle, curlProgress))
        check("XFERINFODATA", vitrine_curl_set_pointer(handle, CURLOPT_XFERINFODATA, opaque))
        check("NOPROGRESS", vitrine_curl_set_long(handle, CURLOPT_NOPROGRESS, 0))
        var response = HTTPResponse()
        if let refused {
            let why = String(cString: curl_easy_strerror(refused.code))
            response.failure = .other("libcurl refused the option \(refused.option): \(why)")
            return (response, nil)
        }
        let code = withExtendedLifetime(context) { curl_easy_perform(handle) }
        var status = 0
        // Asked after every transfer, it cannot fail; were it to, status 0 reads as a failed transfer.
        _ = vitrine_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        response.status = status
        response.headers = context.headers
        response.bytesReceived = context.received
        if let authOrigin {
            // The methods the server offered when it asked: Basic alone is sent at once from now on.
            var available = 0
            if vitrine_curl_get_long(handle, CURLINFO_HTTPAUTH_AVAIL, &available) == CURLE_OK, available != 0 {
                AuthMemory.remember(authOrigin, basic: vitrine_curl_auth_is_basic_only(available) != 0)
            }
        }
        if code != CURLE_OK {
            response.failure = Self.failure(code, context: context, url: request.url)
            if code == CURLE_PEER_FAILED_VERIFICATION {
                var result = 0
                if vitrine_curl_get_long(handle, CURLINFO_SSL_VERIFYRESULT, &result) == CURLE_OK {
                    response.failure = .tls(
                        TLSVerdict.describe(verifyResult: result, host: NetworkAddress.host(request.url)))
                }
            }
            return (response, nil)
        }
        if [301, 302, 303, 307, 308].contains(status) {
            var location: UnsafeMutablePointer<CChar>?
            if vitrine_curl_get_string(handle, CURLINFO_REDIRECT_URL, &location) == CURLE_OK, let location {
                return (response, String(cString: location))
            }
            if let header = context.headers["location"],
                let resolved = URL(string: header, relativeTo: URL(string: request.url))?.absoluteString
            {
                return (response, resolved)
            }
        }
        if !(200..<300).contains(status) && status != 304 {
            response.failure = .http(status: status)
        }
        return (response, nil)
    }

    private func configure(_ request: HTTPRequest, basicOnly: Bool) {
        set(CURLOPT_URL, "URL", request.url)
        set(CURLOPT_NOSIGNAL, "NOSIGNAL", 1)
        set(CURLOPT_PROTOCOLS_STR, "PROTOCOLS_STR", "http,https")
        set(CURLOPT_REDIR_PROTOCOLS_STR, "REDIR_PROTOCOLS_STR", "http,https")
        set(CURLOPT_FOLLOWLOCATION, "FOLLOWLOCATION", 0)
        set(CURLOPT_SSL_VERIFYPEER, "SSL_VERIFYPEER", 1)
        set(CURLOPT_SSL_VERIFYHOST, "SSL_VERIFYHOST", 2)
        if let caFile = request.caFile { set(CURLOPT_CAINFO, "CAINFO", caFile) }
        set(CURLOPT_USERAGENT, "USERAGENT", "Vitrine/1")
        // Every encoding libcurl decodes is offered and decoded (also when a server sends one unasked).
        if request.decodesContent { set(CURLOPT_ACCEPT_ENCODING, "ACCEPT_ENCODING", "") }
        check(
            "MAXFILESIZE_LARGE",
            vitrine_curl_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maximumBytes)))
        set(CURLOPT_CONNECTTIMEOUT_MS, "CONNECTTIMEOUT_MS", Int(request.timeouts.connect.milliseconds))
        set(CURLOPT_LOW_SPEED_LIMIT, "LOW_SPEED_LIMIT", request.timeouts.lowSpeedBytes)
        set(CURLOPT_LOW_SPEED_TIME, "LOW_SPEED_TIME", request.timeouts.lowSpeedSeconds)
        if request.resumeFrom > 0 {
            check(
                "RESUME_FROM_LARGE",
                vitrine_curl_set_offset(handle, CURLOPT_RESUME_FROM_LARGE, curl_off_t(request.resumeFrom)))
        }
        if let credentials = request.credentials {
            set(CURLOPT_USERNAME, "USERNAME", credentials.user)
            set(CURLOPT_PASSWORD, "PASSWORD", credentials.password)
            if basicOnly {
                check("HTTPAUTH", vitrine_curl_set_basic_auth(handle))
            } else {
                check("HTTPAUTH", vitrine_curl_set_basic_or_digest_auth(handle))
            }
        }
        if let body = request.body {
            check(
                "POSTFIELDSIZE_LARGE",
                vitrine_curl_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
            let copied = body.withUnsafeBytes { bytes in
                vitrine_curl_set_pointer(
                    handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
            }
            check("COPYPOSTFIELDS", copied)
        }
        if request.method == "HEAD" {
            set(CURLOPT_NOBODY, "NOBODY", 1)
        } else if request.method != "GET" {
            set(CURLOPT_CUSTOMREQUEST, "CUSTOMREQUEST", request.method)
        }
        for line in request.headers + request.secretHeaders {
            guard let longer = curl_slist_append(headerList, line) else {
                check("HTTPHEADER", CURLE_OUT_OF_MEMORY)
                break
            }
            headerList = longer
        }
        if let headerList { check("HTTPHEADER", vitrine_curl_set_list(handle, CURLOPT_HTTPHEADER, headerList)) }
    }

    private func set(_ option: CURLoption, _ name: String, _ value: Int) {
        check(name, vitrine_curl_set_long(handle, option, value))
    }

    private func set(_ option: CURLoption, _ name: String, _ value: String) {
        check(name, vitrine_curl_set_string(handle, option, value))
    }

    /// Keeps the first refusal; the request is not sent when there is one.
    private func check(_ option: String, _ code: CURLcode) {
        if code != CURLE_OK, refused == nil { refused = (option, code) }
    }

    private static func failure(_ code: CURLcode, context: TransferContext, url: String) -> TransferFailure {
        if context.exceeded { return .tooLarge(limit: context.limit) }
        if context.cancelled { return .cancelled }
        let host = NetworkAddress.host(url)
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST: return .dns(host: host)
        case CURLE_COULDNT_CONNECT: return .connect(host: host)
        case CURLE_OPERATION_TIMEDOUT: return .timeout
        case CURLE_PEER_FAILED_VERIFICATION:
            return .tls("the server's certificate is not trusted (for a private CA, set caFile)")
        case CURLE_SSL_CONNECT_ERROR: return .tls("the secure connection could not be set up")
        case CURLE_SSL_CACERT_BADFILE: return .tls("the caFile could not be read as PEM certificates")
        case CURLE_TOO_MANY_REDIRECTS: return .tooManyRedirects
        case CURLE_UNSUPPORTED_PROTOCOL: return .forbiddenScheme
        case CURLE_FILESIZE_EXCEEDED: return .tooLarge(limit: context.limit)
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_SEND_ERROR:
            return .interrupted(String(cString: curl_easy_strerror(code)))
        case CURLE_URL_MALFORMAT: return .other("the address is not a valid URL")
        default: return .other("libcurl: \(String(cString: curl_easy_strerror(code)))")
        }
    }
}

/// What the C callbacks see of a transfer: the sink, the counters, the headers.
private final class TransferContext {
    let limit: Int64
    let sink: BodySink
    let observer: TransferObserver?
    var received: Int64 = 0
    var status = 0
    var headers: [String: String] = [:]
    var exceeded = false
    var cancelled = false

    init(limit: Int64, sink: BodySink, observer: TransferObserver?) {
        self.limit = limit
        self.sink = sink
        self.observer = observer
    }

    func header(_ line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("HTTP/") {
            // A new response (after a redirect or a 100 Continue): its headers replace the last ones.
            headers = [:]
            let parts = trimmed.split(separator: " ")
            status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            return
        }
        guard let colon = trimmed.firstIndex(of: ":") else { return }
        let name = trimmed[..<colon].lowercased()
        let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        headers[name] = value
    }

    func body(_ bytes: UnsafeRawBufferPointer) -> Bool {
        received += Int64(bytes.count)
        if received > limit {
            exceeded = true
            return false
        }
        // The body of an error or a redirect is not the file.
        guard (200..<300).contains(status) else { return true }
        return sink.accept(bytes, status: status, headers: headers)
    }
}

private let curlWrite: curl_write_callback = { data, size, count, user in
    guard let user else { return 0 }
    let context = Unmanaged<TransferContext>.fromOpaque(user).takeUnretainedValue()
    let length = size * count
    guard length > 0, let data else { return length }
    return context.body(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

private let curlHeader: curl_write_callback = { data, size, count, user in
    guard let user else { return 0 }
    let context = Unmanaged<TransferContext>.fromOpaque(user).takeUnretainedValue()
    let length = size * count
    guard length > 0, let data else { return length }
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
    context.header(line)
    return length
}

private let curlProgress: curl_xferinfo_callback = { user, total, received, _, _ in
    guard let user else { return 0 }
    let context = Unmanaged<TransferContext>.fromOpaque(user).takeUnretainedValue()
    if total > context.limit || received > context.limit {
        context.exceeded = true
        return 1
    }
    if let observer = context.observer, !observer(Int64(received), Int64(total)) {
        context.cancelled = true
        return 1
    }
    return 0
}
