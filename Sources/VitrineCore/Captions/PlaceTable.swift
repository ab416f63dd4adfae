import Foundation

/// The nearest town to a photo's GPS position, from a table of place names shipped with the
/// program (`assets/places/places.tsv`, from GeoNames). Towns are kept in a grid of one-degree
/// cells, so a lookup looks at the few cells within `bound` of the position only.
public struct PlaceTable: Sendable {
    /// One town: where it is and what it is called.
    public struct Town: Sendable, Equatable {
        public var latitude: Float
        public var longitude: Float
        public var name: String
        public var country: String
        /// People, in thousands.
        public var population: Int32
    }

    public private(set) var towns: [Town] = []
    /// Indexes into `towns` by cell (`cell(latitude, longitude)`).
    private var grid: [Int32: [Int32]] = [:]
    /// How far a town may be and still name a photo's place, in kilometres.
    public var bound: Double

    static let earthRadius = 6371.0

    /// The table of the text of a places file; lines that cannot be read are skipped and counted.
    public init(text: String, bound: Double = 50) {
        self.bound = bound
        var countries: [Substring: String] = [:]
        var skipped = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if line.hasPrefix("@") {
                if fields.count == 2 { countries[fields[0].dropFirst()] = String(fields[1]) } else { skipped += 1 }
                continue
            }
            guard fields.count == 5, let lat = Float(fields[0]), let lon = Float(fields[1]), abs(lat) <= 90,
                abs(lon) <= 180, !fields[2].isEmpty, let people = Int32(fields[4])
            else {
                skipped += 1
                continue
            }
            let index = Int32(towns.count)
            towns.append(
                Town(
                    latitude: lat, longitude: lon, name: String(fields[2]), country: countries[fields[3]] ?? "",
                    population: people))
            grid[Self.cell(Double(lat), Double(lon)), default: []].append(index)
        }
        self.skipped = skipped
    }

    /// Lines of the file that were not towns or countries.
    public private(set) var skipped = 0

    static func cell(_ latitude: Double, _ longitude: Double) -> Int32 {
        let row = Int32(max(-90, min(89, floor(latitude)))) + 90
        let column = (Int32(floor(longitude)) % 360 + 360) % 360
        return row * 360 + column
    }

    /// The nearest town within `bound` of a position, as "Town, Country"; nil when none is.
    public func place(latitude: Double, longitude: Double) -> String? {
        nearest(latitude: latitude, longitude: longitude).map {
            $0.country.isEmpty ? $0.name : "\($0.name), \($0.country)"
        }
    }

    /// A town this much more populous than the nearest, and within `cityReach` of the position,
    /// names the place instead: a photo taken in a city's district is named after the city.
    static let cityFactor: Int32 = 5
    static let cityReach = 15.0

    /// The town that names a position: the nearest within `bound`, or a much larger one close by.
    public func nearest(latitude: Double, longitude: Double) -> Town? {
        let near = candidates(latitude: latitude, longitude: longitude)
        guard let nearest = near.min(by: { $0.1 < $1.1 }) else { return nil }
        let city = near.filter {
            $0.1 <= Self.cityReach && $0.0.population >= Self.cityFactor * max(1, nearest.0.population)
        }.max { $0.0.population < $1.0.population }
        return (city ?? nearest).0
    }

    /// The towns within `bound` of a position, with their distances in kilometres.
    private func candidates(latitude: Double, longitude: Double) -> [(Town, Double)] {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return [] }
        let rows = Int((bound / 111.0).rounded(.up))
        let widest = max(0.01, cos((min(89.9, abs(latitude) + Double(rows))) * .pi / 180))
        let columns = min(180, Int((bound / (111.0 * widest)).rounded(.up)))
        var found: [(Town, Double)] = []
        let row = Int(floor(latitude))
        let column = Int(floor(longitude))
        for r in (row - rows)...(row + rows) where r >= -90 && r <= 89 {
            for c in (column - columns)...(column + columns) {
                guard let cell = grid[Self.cell(Double(r), Double(c))] else { continue }
                for i in cell {
                    let town = towns[Int(i)]
                    let d = Self.distance(latitude, longitude, Double(town.latitude), Double(town.longitude))
                    if d <= bound { found.append((town, d)) }
                }
            }
        }
        return found
    }

    /// Great-circle distance in kilometres (haversine).
    static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let p1 = lat1 * .pi / 180
        let p2 = lat2 * .pi / 180
        let dp = p2 - p1
        let dl = (lon2 - lon1) * .pi / 180
        let a = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        return 2 * earthRadius * asin(min(1, sqrt(a)))
    }
}
