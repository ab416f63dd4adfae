import VitrineSDL

/// `vitrine gl-probe`: the hidden command `play` starts to learn which OpenGL driver the
/// accelerated renderer would run on, without loading it in the player (see `GLProbe`).
enum GLProbeCommand {
    static let command = CLI.Command(
        name: "gl-probe",
        summary: "(internal) say which OpenGL driver the accelerated renderer runs on",
        help: """
            Usage: vitrine gl-probe

            Started by 'vitrine play --renderer auto' before it opens its window: opens a
            hidden window with SDL's accelerated renderer and prints the renderer's name and
            its OpenGL driver (GL_RENDERER), separated by a tab. Not meant to be run by hand.
            """,
        run: { _ in GLProbe.runHere() })
}
