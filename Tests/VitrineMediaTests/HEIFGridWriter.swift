/// Joins the images of a HEIF file written by `heif-enc` (one coded image per tile,
/// all the same size) into one grid image, the way phones store their photos: a
/// `grid` item made the primary image, its tiles referenced with `dimg` and hidden.
/// Optionally the grid gets a rotation (`irot`). Only the box layout `heif-enc`
/// writes is handled (iloc version 0 with 4-byte offsets, ipma version 0). A test tool.
enum HEIFGridWriter {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A grid of `columns`×`rows` tiles (item IDs in row order from `tiles`, which may
    /// repeat an ID), cropped to `width`×`height`, rotated by `quarterTurns` anticlockwise.
    static func grid(
        from file: [UInt8], tiles: [UInt16], columns: Int, rows: Int, width: Int, height: Int, quarterTurns: Int = 0,
        profile: [UInt8]? = nil
    ) throws -> [UInt8] {
        let top = try boxes(file, 0..<file.count)
        guard let ftyp = top.first(where: { $0.type == "ftyp" }), let meta = top.first(where: { $0.type == "meta" }),
            let mdat = top.first(where: { $0.type == "mdat" })
        else { throw Failure(description: "no ftyp, meta or mdat box") }
        let inner = try boxes(file, (meta.payload.lowerBound + 4)..<meta.payload.upperBound)
        func find(_ type: String) throws -> Box {
            guard let box = inner.first(where: { $0.type == type }) else { throw Failure(description: "no \(type)") }
            return box
        }
        let hdlr = try find("hdlr")
        let iloc = try find("iloc")
        let iinf = try find("iinf")
        let iprp = try find("iprp")
        let iprpInner = try boxes(file, iprp.payload)
        guard let ipco = iprpInner.first(where: { $0.type == "ipco" }),
            let ipma = iprpInner.first(where: { $0.type == "ipma" })
        else { throw Failure(description: "no ipco or ipma") }

        // The items heif-enc wrote: (id, absolute offset, length).
        var at = iloc.payload.lowerBound
        guard file[at] == 0, file[at + 4] == 0x44, file[at + 5] == 0x40 else {
            throw Failure(description: "iloc is not version 0 with 4-byte fields")
        }
        at += 6
        let itemCount = be16(file, at)
        at += 2
        var extents: [(id: UInt16, offset: Int, length: Int)] = []
        for _ in 0..<itemCount {
            let id = UInt16(be16(file, at))
            let base = be32(file, at + 4)
            guard be16(file, at + 8) == 1 else { throw Failure(description: "an item with several extents") }
            extents.append((id, base + be32(file, at + 10), be32(file, at + 14)))
            at += 18
        }
        let gridID = UInt16(itemCount + 1)
        let large = width > 65535 || height > 65535
        var descriptor: [UInt8] = [0, large ? 1 : 0, UInt8(rows - 1), UInt8(columns - 1)]
        descriptor += large ? u32(width) + u32(height) : u16(width) + u16(height)

        // Properties: the old ones, then the grid's size and rotation.
        let oldProperties = try boxes(file, ipco.payload).count
        var ipcoBody = Array(file[ipco.payload])
        ipcoBody += box("ispe", [0, 0, 0, 0] + u32(width) + u32(height))
        var gridAssociations: [UInt8] = [UInt8(oldProperties + 1)]
        if quarterTurns % 4 != 0 {
            ipcoBody += box("irot", [UInt8(quarterTurns % 4)])
            gridAssociations.append(0x80 | UInt8(oldProperties + gridAssociations.count + 1))
        }
        if let profile {
            ipcoBody += box("colr", Array("prof".utf8) + profile)
            gridAssociations.append(UInt8(oldProperties + gridAssociations.count + 1))
        }
        guard oldProperties + 3 < 128, file[ipma.payload.lowerBound + 3] & 1 == 0 else {
            throw Failure(description: "ipma with wide property indexes")
        }
        var ipmaBody = Array(file[ipma.payload])
        let entries = be32(ipmaBody, 4) + 1
        ipmaBody.replaceSubrange(4..<8, with: u32(entries))
        ipmaBody += u16(Int(gridID)) + [UInt8(gridAssociations.count)] + gridAssociations

        // Item infos: tiles hidden (flag 1), the grid added.
        var iinfBody = Array(file[iinf.payload])
        guard iinfBody[0] == 0 else { throw Failure(description: "iinf version 1") }
        let infes = try boxes(file, (iinf.payload.lowerBound + 6)..<iinf.payload.upperBound)
        for infe in infes {
            iinfBody[infe.payload.lowerBound - iinf.payload.lowerBound + 3] |= 1
        }
        iinfBody.replaceSubrange(4..<6, with: u16(itemCount + 1))
        iinfBody += box("infe", [2, 0, 0, 0] + u16(Int(gridID)) + [0, 0] + Array("grid".utf8) + [0])

        var dimg = u16(Int(gridID)) + u16(tiles.count)
        for tile in tiles { dimg += u16(Int(tile)) }
        let iref = box("iref", [0, 0, 0, 0] + box("dimg", dimg))

        // The new layout: ftyp, meta, mdat (the old data, then the grid descriptor).
        func metaBox(dataStart: Int) -> [UInt8] {
            var ilocBody: [UInt8] = [0, 0, 0, 0, 0x44, 0x40] + u16(itemCount + 1)
            for item in extents {
                let moved = item.offset - mdat.payload.lowerBound + dataStart
                ilocBody += u16(Int(item.id)) + [0, 0] + u32(moved) + [0, 1] + u32(0) + u32(item.length)
            }
            ilocBody += u16(Int(gridID)) + [0, 0] + u32(dataStart + mdat.payload.count) + [0, 1] + u32(0)
            ilocBody += u32(descriptor.count)
            var body: [UInt8] = [0, 0, 0, 0]
            body += Array(file[hdlr.range])
            body += box("pitm", [0, 0, 0, 0] + u16(Int(gridID)))
            body += box("iloc", ilocBody)
            body += box("iinf", iinfBody)
            body += iref
            body += box("iprp", box("ipco", ipcoBody) + box("ipma", ipmaBody))
            return box("meta", body)
        }
        let head = Array(file[ftyp.range])
        let metaSize = metaBox(dataStart: 0).count
        let dataStart = head.count + metaSize + 8
        return head + metaBox(dataStart: dataStart) + box("mdat", Array(file[mdat.payload]) + descriptor)
    }

    struct Box {
        var type: String
        var range: Range<Int>
        var payload: Range<Int>
    }

    static func boxes(_ b: [UInt8], _ range: Range<Int>) throws -> [Box] {
        var found: [Box] = []
        var i = range.lowerBound
        while i + 8 <= range.upperBound {
            let size = be32(b, i)
            guard size >= 8, i + size <= range.upperBound else { throw Failure(description: "a box overruns") }
            found.append(
                Box(
                    type: String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self), range: i..<(i + size),
                    payload: (i + 8)..<(i + size)))
            i += size
        }
        return found
    }

    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] { u32(body.count + 8) + Array(type.utf8) + body }
    static func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func u32(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
    static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    static func be32(_ b: [UInt8], _ i: Int) -> Int { be16(b, i) << 16 | be16(b, i + 2) }
}
