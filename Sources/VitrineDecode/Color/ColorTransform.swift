import CLCMS

/// One Little CMS transform from a source colour space to sRGB on 0xAARRGGBB pixels
/// (alpha copied), freed with its owner. Made only from RGB profiles; anything else
/// (grey, CMYK, device links, an unreadable profile) makes no transform.
final class ColorTransform: @unchecked Sendable {
    private let transform: cmsHTRANSFORM

    /// A transform from `source` to sRGB; nil when the source cannot be turned into a profile.
    init?(from source: SourceColor) {
        guard let input = Self.profile(source) else { return nil }
        defer { cmsCloseProfile(input) }
        guard cmsGetColorSpace(input) == cmsSigRgbData else { return nil }
        let deviceClass = cmsGetDeviceClass(input)
        guard
            [cmsSigDisplayClass, cmsSigInputClass, cmsSigOutputClass, cmsSigColorSpaceClass].contains(deviceClass)
        else { return nil }
        guard let output = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(output) }
        // Perceptual intent, as transicc and jpgicc use by default; for the matrix-shaper
        // profiles of phones and cameras it is the relative colorimetric mapping.
        guard
            let made = cmsCreateTransform(
                input, vitrine_lcms_bgra8, output, vitrine_lcms_bgra8, UInt32(INTENT_PERCEPTUAL),
                UInt32(cmsFLAGS_COPY_ALPHA))
        else { return nil }
        transform = made
    }

    deinit {
        cmsDeleteTransform(transform)
    }

    /// Converts `pixels` in place.
    func apply(_ pixels: UnsafeMutableBufferPointer<UInt32>) {
        guard let base = pixels.baseAddress, !pixels.isEmpty else { return }
        // In chunks: lcms2 takes a 32-bit pixel count.
        var start = 0
        while start < pixels.count {
            let n = min(pixels.count - start, 1 << 24)
            cmsDoTransform(transform, base + start, base + start, UInt32(n))
            start += n
        }
    }

    private static func profile(_ source: SourceColor) -> cmsHPROFILE? {
        switch source {
        case .icc(let bytes):
            guard !bytes.isEmpty, bytes.count <= Int(UInt32.max) else { return nil }
            return bytes.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) }
        case .coded(let coded):
            guard let curve = coded.parametricCurve else { return nil }
            var white = cmsCIExyY(x: coded.white.x, y: coded.white.y, Y: 1)
            var primaries = cmsCIExyYTRIPLE(
                Red: cmsCIExyY(x: coded.red.x, y: coded.red.y, Y: 1),
                Green: cmsCIExyY(x: coded.green.x, y: coded.green.y, Y: 1),
                Blue: cmsCIExyY(x: coded.blue.x, y: coded.blue.y, Y: 1))
            guard
                let tone = curve.parameters.withUnsafeBufferPointer({
                    cmsBuildParametricToneCurve(nil, curve.type, $0.baseAddress)
                })
            else { return nil }
            defer { cmsFreeToneCurve(tone) }
            var curves: [OpaquePointer?] = [tone, tone, tone]
            return curves.withUnsafeMutableBufferPointer { cmsCreateRGBProfile(&white, &primaries, $0.baseAddress) }
        }
    }
}
