import Foundation
import Testing

/// `--paging vertical` end to end: the built binary, the bundled demo, scripted traces.
@Suite("Vertical paging through the command line")
struct PagingCLITests {
    let cli = TouchCLITests()

    @Test func upSwipesPageAndSidewaysPullsDismiss() throws {
        let up = try cli.snapshot(
            cli.drag((0.5, 0.8), (0.5, 0.2), at: 1, seconds: 0.3), at: 2, ["--paging", "vertical"])
        #expect(up.status == 0, "\(up.stderr)")
        #expect(up.mode == "browse")
        #expect(up.index == 1)
        let sideways = try cli.snapshot(
            cli.drag((0.5, 0.5), (0.9, 0.52), at: 1, seconds: 0.3), at: 2, ["--paging", "vertical"])
        #expect(sideways.mode == "attract")
        #expect(sideways.index == 0)
        // Without the option the same up swipe is not a page.
        let plain = try cli.snapshot(cli.drag((0.5, 0.8), (0.5, 0.2), at: 1, seconds: 0.3), at: 2)
        #expect(plain.index == 0)
    }
}
