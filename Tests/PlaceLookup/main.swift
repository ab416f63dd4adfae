// Measures `{place}` lookups in release mode: the shipped table is loaded, then 200,000
// positions (half within about 30 km of a town, half anywhere) are looked up one by one.
//
//     swiftc -O -o place-lookup Sources/VitrineCore/Captions/PlaceTable.swift Tests/PlaceLookup/main.swift
//     ./place-lookup assets/places/places.tsv
import Foundation

let text = try String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
let t0 = Date()
let table = PlaceTable(text: text)
let load = Date().timeIntervalSince(t0)
var generator = SystemRandomNumberGenerator()
// Positions near towns (within ~30 km of random towns) and anywhere on land or sea.
var points: [(Double, Double)] = []
for _ in 0..<100_000 {
    let town = table.towns[Int.random(in: 0..<table.towns.count, using: &generator)]
    points.append(
        (Double(town.latitude) + Double.random(in: -0.3...0.3), Double(town.longitude) + Double.random(in: -0.3...0.3)))
}
for _ in 0..<100_000 { points.append((Double.random(in: -80...80), Double.random(in: -180...180))) }
var named = 0
var times: [Double] = []
times.reserveCapacity(points.count)
let t1 = Date()
for (lat, lon) in points {
    let s = Date()
    if table.place(latitude: lat, longitude: lon) != nil { named += 1 }
    times.append(Date().timeIntervalSince(s))
}
let total = Date().timeIntervalSince(t1)
times.sort()
func pct(_ p: Double) -> Double { times[min(times.count - 1, Int(Double(times.count) * p))] * 1e6 }
print(
    String(
        format: "towns %d, load %.0f ms, lookups %d, mean %.1f µs, p50 %.1f µs, p99 %.1f µs, p99.9 %.1f µs, named %d",
        table.towns.count, load * 1000, points.count, total / Double(points.count) * 1e6, pct(0.5), pct(0.99),
        pct(0.999), named))
