import Testing

@testable import VitrineCore

/// CEC frames as bytes on the bus, and one turn's course on an adapter.
@Suite struct CECMessageTests {
    @Test func framesEncodeAsTheStandardWritesThem() {
        // Playback device 1 is logical address 4; the TV is 0; 15 is broadcast.
        #expect(CECMessage.standby(from: 4).bytes == [0x40, 0x36])
        #expect(CECMessage.imageViewOn(from: 4).bytes == [0x40, 0x04])
        #expect(CECMessage.giveDevicePowerStatus(from: 8).bytes == [0x80, 0x8F])
        #expect(
            CECMessage.activeSource(from: 4, physical: CECPhysicalAddress(value: 0x1200)).bytes == [
                0x4F, 0x82, 0x12, 0x00,
            ])
        #expect(CECMessage.reportPowerStatus(from: 0, to: 4, .standby).bytes == [0x04, 0x90, 0x01])
        #expect(CECMessage(from: 4, to: 0, opcode: nil).bytes == [0x40], "a poll is a header alone")
        // Addresses keep to four bits; operands to what a frame holds.
        #expect(CECMessage(from: 0x14, to: 0x20, .standby).bytes == [0x40, 0x36])
        #expect(CECMessage(from: 4, to: 0, opcode: 0x47, operands: Array(repeating: 0x41, count: 20)).bytes.count == 16)
    }

    @Test func framesDecodeFromTheBus() throws {
        let report = try #require(CECMessage(bytes: [0x04, 0x90, 0x00]))
        #expect(report.initiator == 0 && report.destination == 4 && report.known == .reportPowerStatus)
        #expect(report.powerStatus == .on)
        #expect(CECMessage(bytes: [0x04, 0x90, 0x03])?.powerStatus == .turningStandby)
        #expect(CECMessage(bytes: [0x04, 0x90, 0x07])?.powerStatus == nil, "no such status")
        #expect(CECMessage(bytes: [0x04, 0x90])?.powerStatus == nil, "no operand")
        let abort = try #require(CECMessage(bytes: [0x04, 0x00, 0x8F, 0x04])?.abort)
        #expect(abort.opcode == 0x8F && abort.reason == 4)
        #expect(CECMessage(bytes: []) == nil)
        #expect(CECMessage(bytes: Array(repeating: 0, count: 17)) == nil)
        for message in [
            CECMessage.standby(from: 4), .activeSource(from: 8, physical: CECPhysicalAddress(value: 0x3000)),
        ] {
            #expect(CECMessage(bytes: message.bytes) == message, "round trip")
        }
        #expect(report.description == "0->4 Report Power Status (on)")
        #expect(CECMessage(bytes: [0x40, 0xA0])?.description == "4->0 opcode 0xa0")
    }

    @Test func physicalAddressesReadAsFourDigits() {
        #expect(CECPhysicalAddress(value: 0x1000).description == "1.0.0.0")
        #expect(CECPhysicalAddress(value: 0x21A0).description == "2.1.a.0")
        #expect(!CECPhysicalAddress.invalid.isValid && CECPhysicalAddress.invalid.description == "none")
        #expect(CECPhysicalAddress(value: 0).isValid, "0.0.0.0 is the TV's own")
    }

    @Test func turningTheTVOffSendsStandbyThenAsksHowItIs() {
        var turn = CECTurn(on: false, device: "/dev/cec0", physical: CECPhysicalAddress(value: 0x1000), logical: 4)
        #expect(turn.messages == [.standby(from: 4)])
        #expect(turn.statusQuery == .giveDevicePowerStatus(from: 4))
        let accepted = turn.sent(.standby(from: 4), .acknowledged)
        #expect(accepted)
        turn.answered(.reportPowerStatus(from: 0, to: 4, .standby), within: 2)
        #expect(turn.report.tv == .standby && turn.report.reached && turn.report.summary == "tv standby")
        // A TV that says it is on after Standby has not done what was asked.
        var stubborn = CECTurn(on: false, device: "/dev/cec0", physical: CECPhysicalAddress(value: 0x1000), logical: 4)
        _ = stubborn.sent(.standby(from: 4), .acknowledged)
        stubborn.answered(.reportPowerStatus(from: 0, to: 4, .on), within: 2)
        #expect(!stubborn.report.reached && stubborn.report.summary == "tv on")
    }

    @Test func turningTheTVOnWakesItAndTakesItsInput() {
        let physical = CECPhysicalAddress(value: 0x2000)
        var turn = CECTurn(on: true, device: "/dev/cec1", physical: physical, logical: 8)
        #expect(turn.messages == [.imageViewOn(from: 8), .activeSource(from: 8, physical: physical)])
        let messages = turn.messages
        let first = turn.sent(messages[0], .acknowledged)
        let second = turn.sent(messages[1], .acknowledged)
        #expect(first && second)
        turn.answered(.reportPowerStatus(from: 0, to: 8, .turningOn), within: 2)
        #expect(turn.report.reached, "on its way on counts as on")
    }

    @Test func whatGoesWrongIsReported() {
        // No live link: nothing is sent.
        let unplugged = CECTurn(on: false, device: "/dev/cec0", physical: .invalid, logical: nil)
        #expect(!unplugged.canSend && unplugged.messages.isEmpty && unplugged.statusQuery == nil)
        #expect(unplugged.report.summary.hasPrefix("no live link"))
        let unclaimed = CECTurn(
            on: false, device: "/dev/cec0", physical: CECPhysicalAddress(value: 0x1000), logical: nil)
        #expect(!unclaimed.canSend && unclaimed.report.summary == "no logical address could be claimed")
        // The TV's own adapter (as a test driver has beside the source's): left alone, not a failure.
        let tvSide = CECTurn(on: false, device: "/dev/cec0", physical: CECPhysicalAddress(value: 0), logical: 0)
        #expect(!tvSide.canSend && tvSide.report.isTV && !tvSide.report.reached)
        #expect(tvSide.report.summary.hasPrefix("the adapter is a TV's own"))
        // No TV acknowledges: the rest is not sent.
        var absent = CECTurn(on: false, device: "/dev/cec0", physical: CECPhysicalAddress(value: 0x1000), logical: 4)
        let goOn = absent.sent(.standby(from: 4), .notAcknowledged)
        #expect(!goOn)
        #expect(absent.report.summary == "the TV did not acknowledge 4->0 Standby" && !absent.report.reached)
        // A broadcast is never acknowledged by one device, and that is fine.
        var waking = CECTurn(on: true, device: "/dev/cec0", physical: CECPhysicalAddress(value: 0x1000), logical: 4)
        _ = waking.sent(.imageViewOn(from: 4), .acknowledged)
        let afterBroadcast = waking.sent(
            .activeSource(from: 4, physical: CECPhysicalAddress(value: 0x1000)), .notAcknowledged)
        #expect(afterBroadcast && waking.report.problem == nil)
        // Silence after the question, and a refusal.
        var silent = CECTurn(on: false, device: "/dev/cec0", physical: CECPhysicalAddress(value: 0x1000), logical: 4)
        _ = silent.sent(.standby(from: 4), .acknowledged)
        silent.answered(nil, within: 2)
        #expect(silent.report.summary == "tv did not answer Give Device Power Status within 2 s")
        var refusing = CECTurn(on: false, device: "/dev/cec0", physical: CECPhysicalAddress(value: 0x1000), logical: 4)
        refusing.answered(CECMessage(bytes: [0x04, 0x00, 0x8F, 0x04]), within: 2)
        #expect(refusing.report.summary.hasPrefix("tv refused Give Device Power Status"))
        var failing = CECTurn(on: false, device: "/dev/cec0", physical: CECPhysicalAddress(value: 0x1000), logical: 4)
        let afterFailure = failing.sent(.standby(from: 4), .failed("arbitration lost"))
        #expect(!afterFailure)
        #expect(failing.report.summary == "could not send 4->0 Standby: arbitration lost")
        // Only asking.
        var asking = CECTurn(on: nil, device: "/dev/cec0", physical: CECPhysicalAddress(value: 0x1000), logical: 4)
        #expect(asking.messages.isEmpty && asking.statusQuery != nil)
        asking.answered(.reportPowerStatus(from: 0, to: 4, .on), within: 1)
        #expect(asking.report.reached && asking.report.summary == "tv on")
    }
}
