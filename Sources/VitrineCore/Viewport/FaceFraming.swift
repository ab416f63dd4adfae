/// Keeps the faces found in a photo on the screen where the photo is cropped (`--fit cover`,
/// Ken Burns): the photo's rectangle is moved, never scaled, as little as it takes to bring
/// the box around every face (with the hair above) inside the screen, and never so far that the photo stops
/// covering what it covered. A photo with no faces is left where it is.
public enum FaceFraming {
    /// `rect` (where a photo is drawn) moved so the faces, boxes in 0…1 of the photo, lie
    /// inside `screen`. Faces wider or taller together than the screen are centred instead.
    public static func framed(_ rect: Rect, faces: [Rect], in screen: Rect) -> Rect {
        guard let face = union(faces), rect.width > 0, rect.height > 0 else { return rect }
        let box = padded(face)
        let onScreen = Rect(
            x: rect.x + box.x * rect.width, y: rect.y + box.y * rect.height, width: box.width * rect.width,
            height: box.height * rect.height)
        let dx = shift(
            face: onScreen.minX...onScreen.maxX, screen: screen.minX...screen.maxX, photo: rect.minX...rect.maxX)
        let dy = shift(
            face: onScreen.minY...onScreen.maxY, screen: screen.minY...screen.maxY, photo: rect.minY...rect.maxY)
        return rect.offsetBy(dx: dx, dy: dy)
    }

    /// A face box with room around it: dlib's box runs from the eyebrows to the chin, so
    /// the hair above (a third of the box) and a little on each side are kept too; within the photo.
    static func padded(_ box: Rect) -> Rect {
        let x0 = max(0, box.minX - box.width * 0.1)
        let x1 = min(1, box.maxX + box.width * 0.1)
        let y0 = max(0, box.minY - box.height * 0.35)
        let y1 = min(1, box.maxY + box.height * 0.1)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The smallest box around every face, nil when there are none.
    static func union(_ faces: [Rect]) -> Rect? {
        guard let first = faces.first else { return nil }
        var x0 = first.minX
        var y0 = first.minY
        var x1 = first.maxX
        var y1 = first.maxY
        for face in faces.dropFirst() {
            x0 = min(x0, face.minX)
            y0 = min(y0, face.minY)
            x1 = max(x1, face.maxX)
            y1 = max(y1, face.maxY)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// How far along one axis the photo moves: enough to bring `face` inside `screen` (or
    /// centre it there when it is longer), within the moves that keep the photo covering
    /// the screen where it did (a photo shorter than the screen does not move).
    private static func shift(
        face: ClosedRange<Double>, screen: ClosedRange<Double>, photo: ClosedRange<Double>
    ) -> Double {
        // A photo that does not overflow the screen on this axis shows all its faces already.
        guard photo.lowerBound < screen.lowerBound || photo.upperBound > screen.upperBound else { return 0 }
        let wanted: Double
        if face.upperBound - face.lowerBound > screen.upperBound - screen.lowerBound {
            wanted = (screen.lowerBound + screen.upperBound) / 2 - (face.lowerBound + face.upperBound) / 2
        } else if face.lowerBound < screen.lowerBound {
            wanted = screen.lowerBound - face.lowerBound
        } else if face.upperBound > screen.upperBound {
            wanted = screen.upperBound - face.upperBound
        } else {
            return 0
        }
        // Moves that keep the photo's edges outside the screen's (or where they were, if inside).
        let most = max(0, screen.lowerBound - photo.lowerBound)
        let least = min(0, screen.upperBound - photo.upperBound)
        return min(max(wanted, least), most)
    }
}
