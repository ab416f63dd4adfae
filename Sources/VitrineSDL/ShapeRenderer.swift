import CSDL2
import Foundation
import VitrineCore

/// Discs and arcs drawn as triangles with SDL_RenderGeometry. As for `SceneRenderer.draw`,
/// a failed draw call costs one frame, drawn again at the next: results are not checked.
enum ShapeRenderer {
    static func vertex(_ x: Double, _ y: Double, _ color: SDL_Color) -> SDL_Vertex {
        SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)), color: color, tex_coord: SDL_FPoint(x: 0, y: 0))
    }

    static func sdlColor(_ c: RGBColor, _ alpha: Double) -> SDL_Color {
        SDL_Color(r: c.r, g: c.g, b: c.b, a: SceneRenderer.byte(alpha))
    }

    /// Segments for a full circle of `radius`: smooth at any size, cheap when small.
    static func segments(radius: Double, sweep: Double) -> Int {
        let full = min(96, max(16, Int(radius)))
        return max(2, Int((Double(full) * sweep / (2 * Double.pi)).rounded(.up)))
    }

    static func disc(_ renderer: OpaquePointer, center: Point, radius: Double, color: RGBColor, alpha: Double) {
        guard radius > 0, alpha > 0 else { return }
        let c = sdlColor(color, alpha)
        let n = segments(radius: radius, sweep: 2 * Double.pi)
        var vertices: [SDL_Vertex] = []
        vertices.reserveCapacity(n * 3)
        for i in 0..<n {
            let a0 = Double(i) / Double(n) * 2 * Double.pi
            let a1 = Double(i + 1) / Double(n) * 2 * Double.pi
            vertices.append(vertex(center.x, center.y, c))
            vertices.append(vertex(center.x + radius * sin(a0), center.y - radius * cos(a0), c))
            vertices.append(vertex(center.x + radius * sin(a1), center.y - radius * cos(a1), c))
        }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), nil, 0)
    }

    static func arc(
        _ renderer: OpaquePointer, center: Point, radius: Double, thickness: Double, start: Double, sweep: Double,
        color: RGBColor, alpha: Double
    ) {
        guard radius > 0, thickness > 0, sweep > 0, alpha > 0 else { return }
        let c = sdlColor(color, alpha)
        let n = segments(radius: radius, sweep: sweep)
        let inner = max(0, radius - thickness / 2)
        let outer = radius + thickness / 2
        var vertices: [SDL_Vertex] = []
        vertices.reserveCapacity(n * 6)
        for i in 0..<n {
            let a0 = start + sweep * Double(i) / Double(n)
            let a1 = start + sweep * Double(i + 1) / Double(n)
            let p0 = vertex(center.x + inner * sin(a0), center.y - inner * cos(a0), c)
            let p1 = vertex(center.x + outer * sin(a0), center.y - outer * cos(a0), c)
            let p2 = vertex(center.x + inner * sin(a1), center.y - inner * cos(a1), c)
            let p3 = vertex(center.x + outer * sin(a1), center.y - outer * cos(a1), c)
            vertices += [p0, p1, p3, p0, p3, p2]
        }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), nil, 0)
    }
}
