# Vitrine: `make demo` installs what is missing, builds and runs the demo;
# `make test` runs every test and the format check; `make check` the fast tier
# (no browser, broker, server or VM); `make deb` builds the Debian package,
# `make test-boot` boots it in a virtual machine.

SWIFT ?= swift
PACKAGES := $(shell grep -v '^\#' deploy/packages.txt)
TEST_PACKAGES := $(shell grep -v '^\#' deploy/test-packages.txt)
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
VITRINE := .build/release/vitrine
SNAPSHOTS := snapshots

.PHONY: demo deps test-deps build debug test check links lint format bench clean deb test-boot soak-churn

demo: deps build
	@if $(VITRINE) displays --quiet 2>/dev/null; then \
		$(VITRINE) play; \
	else \
		echo "No display could be opened here; writing snapshots of the demo to $(SNAPSHOTS)/ instead."; \
		mkdir -p $(SNAPSHOTS); \
		for t in 1 4 8.4 12 16.4 24.4; do \
			$(VITRINE) snapshot --at $$t --out $(SNAPSHOTS)/demo-$$t.png || exit 1; \
		done; \
		echo "Wrote $$(ls $(SNAPSHOTS)/demo-*.png | wc -l) frames to $(SNAPSHOTS)/"; \
	fi

# Installs the Debian packages that are missing (sudo when not root).
deps:
	@command -v $(SWIFT) >/dev/null || { echo "The Swift 6 toolchain is missing: install it from https://swift.org/install (swiftly), then run make again."; exit 1; }
	@missing=$$(for p in $(PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing: $$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

# The packages the tests need on top (servers, browsers, tools), and the PyPI ones, for the
# Python the tests run (Debian's when there is one; Debian marks it externally managed).
test-deps:
	@$(MAKE) --no-print-directory deps PACKAGES="$(PACKAGES) $(TEST_PACKAGES)"
	@if [ -s deploy/test-requirements.txt ] && grep -qv '^#' deploy/test-requirements.txt; then \
		PIP_BREAK_SYSTEM_PACKAGES=1 $$([ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3) \
			-m pip install --quiet --disable-pip-version-check -r deploy/test-requirements.txt; \
	fi
	@sh Tests/VitrineEndToEndTests/Remote/HomeAssistant/make-venv.sh .build/ha-venv

build:
	$(SWIFT) build -c release --product vitrine
	$(SWIFT) build -c release --product vitrine-decoder

debug:
	$(SWIFT) build

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift
	python3 Tests/Docs/check-links.py

# Left out of the fast tier, run by `make test`: VitrineEndToEndTests (the built program with
# brokers, browsers and servers), and the media tests that take seconds each in a debug build:
# large pictures decoded against their whole-image references, files made with outside
# encoders, decode worker processes and video clips waited on; and the fair shuffle's
# properties at the full sizes of their specification (1,000 photos, 3,000 synced slides).
SLOW_TESTS := VitrineEndToEndTests \
	VitrineMediaTests\.(ModernFormatTests|IsolatedDecoderTests|VideoClipTests|HostileClipTests|VideoAudioTests)/ \
	VitrineMediaTests\.JPEGBandDecoderTests/(everyScaleMatchesTheWholeImageDecode|aLargePhotoMatchesTheWholeImageDecode) \
	VitrineMediaTests\.AreaReducerBandTests/bandsMatchTheWhole \
	VitrineMediaTests\.AreaReducerKernelTests/photosMatchThePreviousKernel \
	VitrineMediaTests\.HostileFileTests/isolatedDecoderRefusesEachAndTheNextGoodImageDecodes \
	VitrineMediaTests\.PhotoExtrasTests/(workerSendsTheFacesAndTheBackdrop|hostileFilesAreStillRefusedWhenFacesAreWanted) \
	VitrineMediaTests\.WorkerPriorityTests/everyThreadOfTheWorkerRunsAtItsPriority \
	VitrineCoreTests\.FairShuffleFullSizeTests/ \
	VitrineSystemTests\.FairShuffleFullSizeSessionTests/

# The fast tier: every test but SLOW_TESTS, the links of the documentation and the format check.
check:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build $(foreach test,$(SLOW_TESTS),--skip '$(test)')
	python3 Tests/Docs/check-links.py
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

# Every relative link of README.md, ARCHITECTURE.md and docs/ points at a file and heading that exist.
links:
	python3 Tests/Docs/check-links.py

# The churn soak for ten minutes (the suite runs it for two): photos added and removed every
# 0.5 s, an MQTT command every 50 ms; prints memory, threads, descriptors and log lines.
soak-churn:
	$(SWIFT) build --build-tests
	VITRINE_CHURN_SOAK_SECONDS=600 $(SWIFT) test --skip-build --filter ChurnSoakTests

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

format:
	$(SWIFT) format format --in-place --recursive Sources Tests Package.swift

# A release binary that carries its Swift runtime and the decode worker's program
# (vitrine-decoder) built the same way, packaged with the unit, the example
# configuration and the demo pictures (.build/deb/vitrine_VERSION_ARCH.deb).
deb: deps
	$(SWIFT) build -c release --static-swift-stdlib --product vitrine
	$(SWIFT) build -c release --static-swift-stdlib --product vitrine-decoder
	deploy/build-deb.sh .build/release/vitrine .build/deb

# Boots the package in a Debian 12 virtual machine (QEMU) and drives it: see Tests/boot/README.md.
test-boot: deb
	Tests/boot/run.sh "$$(ls -t .build/deb/vitrine_*.deb | head -n 1)"

bench: deps build
	$(VITRINE) bench

clean:
	rm -rf .build $(SNAPSHOTS)
