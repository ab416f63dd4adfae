import CDRM
import CSDL2
import VitrineCore
import VitrineMedia
import VitrinePOSIX

#if canImport(Glibc)
    import Glibc
#endif

/// The connector a KMS/DRM window is shown on, reached through the DRM descriptor SDL holds
/// (and is master of while the player has the console): its "DPMS" property set and read
/// with libdrm. The descriptor stays SDL's; nothing is kept open here.
final class DRMConnector: DPMSSwitch {
    private let fd: Int32
    private let connectorID: UInt32
    private let propertyID: UInt32
    let connector: String

    private init(fd: Int32, connectorID: UInt32, propertyID: UInt32, connector: String) {
        self.fd = fd
        self.connectorID = connectorID
        self.propertyID = propertyID
        self.connector = connector
    }

    /// The connector of `window`, or why there is none (not on KMS/DRM, no connector, no DPMS property).
    static func of(window: OpaquePointer) -> Result<any DPMSSwitch, PowerFailure> {
        var info = SDL_SysWMinfo()
        info.version = SDL_version(
            major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE else {
            return .failure(PowerFailure("SDL does not tell the window's system (\(SDLError.message()))"))
        }
        guard info.subsystem == SDL_SYSWM_KMSDRM else {
            let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "?"
            return .failure(PowerFailure("not on KMS/DRM (video driver \(driver))"))
        }
        let fd = info.info.kmsdrm.drm_fd
        guard fd >= 0 else { return .failure(PowerFailure("SDL gives no DRM descriptor for the window")) }
        guard let found = inUse(fd) else { return .failure(PowerFailure("no connected DRM connector")) }
        guard let property = property(named: "DPMS", of: found.id, fd: fd) else {
            return .failure(PowerFailure("connector \(found.name) has no DPMS property"))
        }
        return .success(DRMConnector(fd: fd, connectorID: found.id, propertyID: property.id, connector: found.name))
    }

    func set(_ level: DPMSLevel) throws(PowerFailure) {
        let status = drmModeConnectorSetProperty(fd, connectorID, propertyID, UInt64(level.rawValue))
        guard status == 0 else {
            let why = Errno(rawValue: -status)
            throw PowerFailure(
                why == .permissionDenied || why == .notPermitted
                    ? "\(why) (the console is not ours now)" : why.description)
        }
    }

    func read() -> DPMSLevel? {
        Self.property(named: "DPMS", of: connectorID, fd: fd).flatMap { DPMSLevel(rawValue: Int($0.value)) }
    }

    /// The connected connector driving a CRTC (the one SDL set a mode on), else the first connected one.
    private static func inUse(_ fd: Int32) -> (id: UInt32, name: String)? {
        guard let resources = drmModeGetResources(fd) else { return nil }
        defer { drmModeFreeResources(resources) }
        var firstConnected: (id: UInt32, name: String)?
        for i in 0..<Int(resources.pointee.count_connectors) {
            guard let connector = drmModeGetConnector(fd, resources.pointee.connectors[i]) else { continue }
            defer { drmModeFreeConnector(connector) }
            guard connector.pointee.connection == DRM_MODE_CONNECTED else { continue }
            let type = drmModeGetConnectorTypeName(connector.pointee.connector_type).map { String(cString: $0) }
            let name = "\(type ?? "connector")-\(connector.pointee.connector_type_id)"
            let entry = (connector.pointee.connector_id, name)
            if firstConnected == nil { firstConnected = entry }
            guard connector.pointee.encoder_id != 0, let encoder = drmModeGetEncoder(fd, connector.pointee.encoder_id)
            else { continue }
            let crtc = encoder.pointee.crtc_id
            drmModeFreeEncoder(encoder)
            if crtc != 0 { return entry }
        }
        return firstConnected
    }

    /// The property `name` of a connector: its id and current value.
    private static func property(named name: String, of connector: UInt32, fd: Int32) -> (id: UInt32, value: UInt64)? {
        guard let properties = drmModeObjectGetProperties(fd, connector, UInt32(DRM_MODE_OBJECT_CONNECTOR)) else {
            return nil
        }
        defer { drmModeFreeObjectProperties(properties) }
        for i in 0..<Int(properties.pointee.count_props) {
            guard let property = drmModeGetProperty(fd, properties.pointee.props[i]) else { continue }
            let found = withUnsafeBytes(of: property.pointee.name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            let id = property.pointee.prop_id
            drmModeFreeProperty(property)
            if found == name { return (id, properties.pointee.prop_values[i]) }
        }
        return nil
    }
}
