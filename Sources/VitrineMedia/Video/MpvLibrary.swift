import CMpv
import Glibc

/// libmpv, loaded when the first clip is opened rather than linked: it brings more than two
/// hundred libraries with it, which would add a fifth of a second or more to the start of
/// every process (each decode worker, `vitrine ctl`) that never plays a clip. Only the
/// functions `MpvPlayer` calls are looked up; nil when libmpv is not installed.
struct MpvLibrary: @unchecked Sendable {
    typealias Handle = OpaquePointer
    let create: @convention(c) () -> Handle?
    let setOptionString: @convention(c) (Handle?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let requestLogMessages: @convention(c) (Handle?, UnsafePointer<CChar>?) -> Int32
    let initialize: @convention(c) (Handle?) -> Int32
    let terminateDestroy: @convention(c) (Handle?) -> Void
    let renderContextCreate:
        @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, Handle?, UnsafeMutablePointer<mpv_render_param>?) ->
            Int32
    let renderContextFree: @convention(c) (OpaquePointer?) -> Void
    let commandAsync: @convention(c) (Handle?, UInt64, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
    let setPropertyString: @convention(c) (Handle?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let getProperty: @convention(c) (Handle?, UnsafePointer<CChar>?, mpv_format, UnsafeMutableRawPointer?) -> Int32
    let waitEvent: @convention(c) (Handle?, Double) -> UnsafeMutablePointer<mpv_event>?
    let errorString: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let renderContextUpdate: @convention(c) (OpaquePointer?) -> UInt64
    let renderContextRender: @convention(c) (OpaquePointer?, UnsafeMutablePointer<mpv_render_param>?) -> Int32
    let getPropertyString: @convention(c) (Handle?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// The library, loaded once; nil (with the reason in `loadProblem`) when it cannot be.
    static let shared: MpvLibrary? = load()

    private static func load() -> MpvLibrary? {
        guard let library = dlopen("libmpv.so.2", RTLD_NOW | RTLD_LOCAL) ?? dlopen("libmpv.so", RTLD_NOW | RTLD_LOCAL)
        else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(library, name).map { unsafeBitCast($0, to: type) }
        }
        guard let create = symbol("mpv_create", as: (@convention(c) () -> Handle?).self),
            let setOptionString = symbol(
                "mpv_set_option_string",
                as: (@convention(c) (Handle?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32).self),
            let requestLogMessages = symbol(
                "mpv_request_log_messages", as: (@convention(c) (Handle?, UnsafePointer<CChar>?) -> Int32).self),
            let initialize = symbol("mpv_initialize", as: (@convention(c) (Handle?) -> Int32).self),
            let terminateDestroy = symbol("mpv_terminate_destroy", as: (@convention(c) (Handle?) -> Void).self),
            let renderContextCreate = symbol(
                "mpv_render_context_create",
                as: (@convention(c) (
                    UnsafeMutablePointer<OpaquePointer?>?, Handle?, UnsafeMutablePointer<mpv_render_param>?
                ) -> Int32).self),
            let renderContextFree = symbol(
                "mpv_render_context_free", as: (@convention(c) (OpaquePointer?) -> Void).self),
            let commandAsync = symbol(
                "mpv_command_async",
                as: (@convention(c) (Handle?, UInt64, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32).self),
            let setPropertyString = symbol(
                "mpv_set_property_string",
                as: (@convention(c) (Handle?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32).self),
            let getProperty = symbol(
                "mpv_get_property",
                as: (@convention(c) (Handle?, UnsafePointer<CChar>?, mpv_format, UnsafeMutableRawPointer?) -> Int32)
                    .self),
            let waitEvent = symbol(
                "mpv_wait_event", as: (@convention(c) (Handle?, Double) -> UnsafeMutablePointer<mpv_event>?).self),
            let errorString = symbol("mpv_error_string", as: (@convention(c) (Int32) -> UnsafePointer<CChar>?).self),
            let renderContextUpdate = symbol(
                "mpv_render_context_update", as: (@convention(c) (OpaquePointer?) -> UInt64).self),
            let renderContextRender = symbol(
                "mpv_render_context_render",
                as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<mpv_render_param>?) -> Int32).self),
            let getPropertyString = symbol(
                "mpv_get_property_string",
                as: (@convention(c) (Handle?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?).self),
            let free = symbol("mpv_free", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)
        else { return nil }
        return MpvLibrary(
            create: create, setOptionString: setOptionString, requestLogMessages: requestLogMessages,
            initialize: initialize, terminateDestroy: terminateDestroy, renderContextCreate: renderContextCreate,
            renderContextFree: renderContextFree, commandAsync: commandAsync, setPropertyString: setPropertyString,
            getProperty: getProperty, waitEvent: waitEvent, errorString: errorString,
            renderContextUpdate: renderContextUpdate, renderContextRender: renderContextRender,
            getPropertyString: getPropertyString, free: free)
    }
}
