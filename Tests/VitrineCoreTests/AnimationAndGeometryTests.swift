import Testing

@testable import VitrineCore

@Suite struct CurveTests {
    @Test(arguments: Curve.allCases)
    func endpointsAndMonotonic(curve: Curve) {
        #expect(curve(0) == 0)
        #expect(abs(curve(1) - 1) < 1e-12)
        #expect(curve(-3) == 0)
        #expect(abs(curve(7) - 1) < 1e-12)
        var last = -1.0
        for i in 0...100 {
            let v = curve(Double(i) / 100)
            #expect(v >= last)
            last = v
        }
    }

    @Test func shapes() {
        #expect(Curve.linear(0.3) == 0.3)
        #expect(abs(Curve.easeIn(0.5) - 0.125) < 1e-12)
        #expect(abs(Curve.easeOut(0.5) - 0.875) < 1e-12)
        #expect(abs(Curve.easeInOut(0.5) - 0.5) < 1e-12)
        #expect(abs(Curve.easeInOut(0.25) + Curve.easeInOut(0.75) - 1) < 1e-12, "symmetric")
        #expect(Curve.easeInOut(0.1) < 0.1)
    }

    @Test func tween() {
        let t = Tween(from: 1, to: 3, start: ShowTime(seconds: 10), duration: Seconds(2), curve: .linear)
        #expect(t.value(at: ShowTime(seconds: 9)) == 1)
        #expect(t.value(at: ShowTime(seconds: 11)) == 2)
        #expect(t.value(at: ShowTime(seconds: 20)) == 3)
        #expect(!t.isFinished(at: ShowTime(seconds: 11.9)))
        #expect(t.isFinished(at: ShowTime(seconds: 12)))
    }
}

@Suite struct GeometryTests {
    @Test func containAndCover() {
        let screen = Rect(size: Size(width: 1600, height: 900))
        let wide = Size(width: 2000, height: 1000)
        #expect(FitMode.contain.rect(for: wide, in: screen) == Rect(x: 0, y: 50, width: 1600, height: 800))
        #expect(FitMode.cover.rect(for: wide, in: screen) == Rect(x: -100, y: 0, width: 1800, height: 900))
        let tall = Size(width: 100, height: 200)
        #expect(FitMode.contain.rect(for: tall, in: screen) == Rect(x: 575, y: 0, width: 450, height: 900))
    }

    @Test func decodeSizeNeverExceedsTheSourceOrTheLimit() {
        let output = Size(width: 1920, height: 1080)
        #expect(
            FitMode.contain.decodeSize(for: Size(width: 6000, height: 4000), output: output)
                == Size(width: 1620, height: 1080))
        #expect(
            FitMode.contain.decodeSize(for: Size(width: 640, height: 480), output: output)
                == Size(width: 640, height: 480))
        #expect(
            FitMode.cover.decodeSize(for: Size(width: 6000, height: 4000), output: output)
                == Size(width: 1920, height: 1280))
        let limited = FitMode.contain.decodeSize(
            for: Size(width: 20000, height: 1000), output: Size(width: 8000, height: 8000), maxSide: 4096)
        #expect(limited.width == 4096)
    }

    @Test func subtractingCoversExactlyTheRest() {
        let a = Rect(x: 0, y: 0, width: 100, height: 50)
        let b = Rect(x: 20, y: 10, width: 30, height: 20)
        let parts = a.subtracting(b)
        let area = parts.reduce(0) { $0 + $1.width * $1.height }
        #expect(area == 100 * 50 - 30 * 20)
        for (i, p) in parts.enumerated() {
            #expect(p.intersection(b) == nil)
            for q in parts[(i + 1)...] { #expect(p.intersection(q) == nil) }
        }
        #expect(a.subtracting(Rect(x: 200, y: 0, width: 5, height: 5)) == [a])
        #expect(a.subtracting(a).isEmpty)
    }

    @Test func colours() {
        #expect(RGBColor(hex: "#102030") == RGBColor(r: 16, g: 32, b: 48))
        #expect(RGBColor(hex: "a0b0c0")?.hex == "#a0b0c0")
        #expect(RGBColor(hex: "#12345") == nil)
        #expect(RGBColor(hex: "#12345G") == nil)
        #expect(RGBColor(hex: "red") == nil)
    }
}
