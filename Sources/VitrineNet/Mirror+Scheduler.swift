import Foundation
import VitrineCore

/// The background side: one scheduler thread plans, worker threads fetch, results come back under the lock.
extension Mirror {
    private struct Plan {
        var listings: [(key: String, source: NetworkSource, previous: Validators?)] = []
        var downloads: [DownloadJob] = []
        var save = false
    }

    func schedulerLoop() {
        var lastSave = Date.distantPast
        while true {
            _ = wake.wait(timeout: .now() + .milliseconds(250))
            guard let plan = shared.withLock({ plan(&$0) }) else { break }
            for listing in plan.listings {
                Thread.detachNewThread { [self] in runListing(listing.key, listing.source, previous: listing.previous) }
            }
            for job in plan.downloads {
                Thread.detachNewThread { [self] in runDownload(job) }
            }
            if plan.save, Date().timeIntervalSince(lastSave) > 1 {
                lastSave = Date()
                saveIndex()
            }
        }
        shared.withLock { $0.running = false }
    }

    private func plan(_ shared: inout MirrorShared) -> Plan? {
        guard !shared.stopping else { return nil }
        let now = MonotonicInstant.now()
        var plan = Plan()
        plan.save = shared.dirty
        for index in shared.sources.indices {
            let source = shared.sources[index]
            let host = Self.host(of: source.source)
            // A source that never listed keeps to its own retries, not to the host's download backoff.
            let hostWait = source.lastGoodListing == nil ? .distantPast : (shared.hosts[host]?.until ?? .distantPast)
            guard !source.refreshing, source.nextRefresh <= now, hostWait <= now else { continue }
            shared.sources[index].refreshing = true
            // Until it ends; `refreshNow` meanwhile sets `distantPast`, and the source is listed again after it.
            shared.sources[index].nextRefresh = .distantFuture
            shared.workers += 1
            plan.listings.append((source.key, source.source, source.listingValidators))
        }
        var used = shared.usedBytes
        let mirrored = shared.sources.reduce(0) { $0 + $1.entries.count { $0.file != nil } }
        let averageBytes = mirrored > 0 ? used / Int64(mirrored) : 0
        var order: [(Int, Int)] = []
        if let priority = shared.priority, let s = shared.sources.firstIndex(where: { $0.key == priority.source }),
            let e = shared.sources[s].entries.firstIndex(where: { $0.remote.id == priority.remote })
        {
            order.append((s, e))
        }
        var visited = 0
        outer: for s in shared.sources.indices {
            for e in shared.sources[s].entries.indices {
                visited += 1
                if visited > 50_000 + order.count { break outer }
                order.append((s, e))
            }
        }
        for (s, e) in order {
            guard shared.activeTotal < configuration.totalDownloads else { break }
            guard let access = shared.sources[s].access else { continue }
            let entry = shared.sources[s].entries[e]
            guard !entry.downloading, entry.nextAttempt <= now,
                !shared.deleting.contains(MirrorEntryID(source: shared.sources[s].key, remote: entry.remote.id))
            else { continue }
            let isPriority = shared.priority == MirrorEntryID(source: shared.sources[s].key, remote: entry.remote.id)
            let wantsPreview =
                entry.remote.previewURL != nil && entry.preview == nil && !entry.previewTried
                && entry.file == nil
            let wantsFile = (entry.file == nil && (!entry.evicted || isPriority)) || entry.needsCheck
            guard wantsPreview || wantsFile else { continue }
            // A new photo is fetched only if it will fit (judged by the mirrored ones' average size),
            // unless the show is on it: a full cache does not churn.
            if entry.file == nil, !isPriority, used + averageBytes > configuration.cacheBytes { continue }
            let url = wantsPreview ? entry.remote.previewURL ?? entry.remote.url : entry.remote.url
            let host = NetworkAddress.host(url)
            guard (shared.hosts[host]?.until ?? .distantPast) <= now,
                shared.active[host, default: 0] < configuration.perHostDownloads
            else { continue }
            let stem = CacheName.stem(source: shared.sources[s].key, id: entry.remote.id)
            let partSize = wantsPreview ? 0 : MirrorTransfer.size(of: path(CacheName.part(stem)))
            let job = DownloadJob(
                id: MirrorEntryID(source: shared.sources[s].key, remote: entry.remote.id), url: url,
                preview: wantsPreview, stem: stem, resumeFrom: entry.partValidators == nil ? 0 : partSize,
                partValidators: entry.partValidators, conditional: entry.file != nil ? entry.validators : nil,
                access: access, host: host, oldFile: wantsPreview ? entry.preview : entry.file)
            shared.sources[s].entries[e].downloading = true
            shared.sources[s].entries[e].received = job.resumeFrom
            shared.sources[s].entries[e].total = 0
            shared.active[host, default: 0] += 1
            shared.activeTotal += 1
            shared.workers += 1
            if entry.file == nil { used += averageBytes }
            plan.downloads.append(job)
        }
        return plan
    }

    static func host(of source: NetworkSource) -> String {
        switch source {
        case .url(let s): return NetworkAddress.host(s.url)
        case .feed(let s): return NetworkAddress.host(s.url)
        case .webdav(let s): return NetworkAddress.host(s.url)
        case .immich(let s): return NetworkAddress.host(s.server)
        }
    }

    private func runListing(_ key: String, _ source: NetworkSource, previous: Validators?) {
        let outcome: ListingOutcome
        var access: SourceAccess?
        do {
            access = try SourceAccess.read(for: source)
            let lister = SourceLister(
                limits: configuration.limits, timeouts: configuration.timeouts,
                isCancelled: { [self] in shared.withLock { $0.stopping } }, wallClock: configuration.wallClock,
                timeZone: configuration.timeZone)
            outcome = lister.list(source, access: access ?? SourceAccess(), previous: previous)
        } catch {
            outcome = .failed(error)
        }
        var removed: [EntryState] = []
        var verdict = ListingVerdict.take
        var repeated = false
        let host = Self.host(of: source)
        let now = MonotonicInstant.now()
        shared.withLock { shared in
            shared.workers -= 1
            guard let index = shared.sources.firstIndex(where: { $0.key == key }) else { return }
            shared.sources[index].refreshing = false
            if let access { shared.sources[index].access = access }
            let askedAgain = shared.sources[index].nextRefresh == .distantPast
            shared.sources[index].nextRefresh = askedAgain ? .distantPast : now + configuration.refreshInterval
            switch outcome {
            case .listed(let entries, let validators):
                shared.firstTries[key] = nil
                shared.hosts[host]?.succeeded()
                // Only a complete, well-formed listing gets here; one that would remove half or more
                // of the photos must be confirmed by a later one first. Not so the day's Immich
                // memories: each day's listing replaces the last one's as it should.
                if case .immich(let immich) = source, immich.memories {
                    shared.held[key] = nil
                } else {
                    verdict = HeldListing.judge(
                        entries, replacing: shared.sources[index].entries, held: &shared.held[key], now: now,
                        interval: configuration.refreshInterval)
                }
                if case .hold(let held) = verdict {
                    // Kept in the index and shown as the source's last error until a listing decides.
                    shared.sources[index].lastRefresh = Date()
                    shared.sources[index].lastError = "the listing was not taken: " + held.reason
                    break
                }
                removed = shared.sources[index].merge(entries, validators: validators, now: Date())
                for entry in removed { shared.deleting.insert(MirrorEntryID(source: key, remote: entry.remote.id)) }
                shared.generation += 1
            case .unchanged:
                shared.sources[index].lastRefresh = Date()
                shared.sources[index].lastError = nil
                for e in shared.sources[index].entries.indices where shared.sources[index].entries[e].file != nil {
                    shared.sources[index].entries[e].needsCheck = true
                }
                shared.hosts[host]?.succeeded()
            case .failed(let failure, let retryAfter):
                // An error never removes a photo: the last good listing stays.
                repeated = shared.sources[index].lastError == failure.description
                shared.sources[index].lastRefresh = Date()
                shared.sources[index].lastError = failure.description
                let neverListed = shared.sources[index].lastGoodListing == nil
                if neverListed { shared.firstTries[key, default: 0] += 1 }
                shared.sources[index].nextRefresh =
                    now
                    + nextListingTry(
                        afterFailure: shared.firstTries[key] ?? 1, neverListed: neverListed, retryAfter: retryAfter)
                if let retryAfter {
                    shared.hosts[host, default: HostBackoff()].until = max(
                        shared.hosts[host]?.until ?? .distantPast, now + retryAfter)
                } else if failure.isTransient {
                    shared.hosts[host, default: HostBackoff()].failed(
                        now: now, base: configuration.backoffBase, maximum: configuration.backoffMaximum)
                }
            }
            shared.dirty = true
        }
        switch outcome {
        case .listed(let entries, _):
            if case .hold(let held) = verdict {
                if held.isNew { log.warning("\(source): \(held.reason)") }
            } else {
                log.info(
                    "\(source): \(entries.count) photos listed\(removed.isEmpty ? "" : ", \(removed.count) removed")")
            }
        case .unchanged: log.debug("\(source): unchanged")
        case .failed(let failure, let retryAfter):
            let wait = retryAfter.map { " (the server asks to wait \(Int($0.value.rounded())) s)" } ?? ""
            // Said once while it stays the same (a source that never listed is retried every few seconds).
            if !repeated { log.warning("\(source): \(failure)\(wait); the last mirror keeps playing") }
        }
        deleteFiles(removed.map { ($0, key) })
        wake.signal()
    }

    private func runDownload(_ job: DownloadJob) {
        let transfer = MirrorTransfer(
            directory: configuration.cacheDirectory, fileBytes: configuration.fileBytes,
            timeouts: configuration.timeouts, decodeProbe: configuration.decodeProbe)
        let offset = job.resumeFrom
        let throttle = ProgressThrottle()
        let result = transfer.run(job) { [self] received, total in
            guard throttle.due(received: received, total: total) else { return !shared.withLock { $0.stopping } }
            return shared.withLock { shared in
                shared.update(job.id) { entry in
                    entry.received = offset + received
                    entry.total = total > 0 ? offset + total : 0
                }
                return !shared.stopping
            }
        }
        let now = MonotonicInstant.now()
        var evicted: [(EntryState, String)] = []
        shared.withLock { shared in
            shared.workers -= 1
            shared.activeTotal -= 1
            shared.active[job.host, default: 1] -= 1
            var transient = false
            shared.update(job.id) { entry in
                entry.downloading = false
                switch result {
                case .notModified:
                    entry.needsCheck = false
                    entry.failure = nil
                case .done(let file, let bytes, let validators):
                    entry.failure = nil
                    entry.failures = 0
                    if job.preview {
                        entry.preview = file
                        entry.previewBytes = bytes
                        entry.previewTried = true
                    } else {
                        entry.file = file
                        entry.bytes = bytes
                        entry.validators = validators
                        entry.version = entry.remote.version
                        entry.partValidators = nil
                        entry.needsCheck = false
                        entry.revision += 1
                        entry.lastUsed = max(entry.lastUsed, Date().timeIntervalSince1970)
                    }
                case .failed(let failure, let kept):
                    if job.preview { entry.previewTried = true }
                    entry.partValidators = job.preview ? entry.partValidators : kept
                    if failure == .cancelled { return }
                    entry.failure = failure.description
                    entry.failures += 1
                    transient = failure.isTransient
                    // A refused file is tried again at the next refresh, not in a loop.
                    let wait =
                        transient
                        ? min(
                            configuration.backoffMaximum,
                            configuration.backoffBase * pow(2, Double(entry.failures - 1)))
                        : configuration.refreshInterval
                    entry.nextAttempt = now + (kept != nil ? .zero : wait)
                    entry.needsCheck = false
                }
            }
            if case .failed(let failure, _) = result, transient, failure != .cancelled {
                shared.hosts[job.host, default: HostBackoff()].failed(
                    now: now, base: configuration.backoffBase, maximum: configuration.backoffMaximum)
            } else if case .done = result {
                shared.hosts[job.host]?.succeeded()
                evicted = evict(
                    &shared, keeping: job.id, mayEvictOthers: shared.priority == job.id || job.oldFile != nil)
            }
            shared.generation += 1
            shared.dirty = true
        }
        if case .failed(let failure, _) = result, failure != .cancelled {
            log.warning("\(NetworkAddress.redacted(job.url)): \(failure)")
        }
        deleteFiles(evicted)
        wake.signal()
    }

    /// Frees room down to the cache size: least recently shown (or mirrored) first, never the photo just
    /// fetched or the one the show is on, unless it alone is larger than the cache.
    private func evict(_ shared: inout MirrorShared, keeping id: MirrorEntryID, mayEvictOthers: Bool)
        -> [(EntryState, String)]
    {
        var removed: [(EntryState, String)] = []
        var used = shared.usedBytes
        while used > configuration.cacheBytes {
            var best: (Int, Int)?
            for s in shared.sources.indices where mayEvictOthers {
                for e in shared.sources[s].entries.indices {
                    let entry = shared.sources[s].entries[e]
                    let entryID = MirrorEntryID(source: shared.sources[s].key, remote: entry.remote.id)
                    guard entry.file != nil || entry.preview != nil, !entry.downloading, entryID != id,
                        entryID != shared.priority
                    else { continue }
                    if let (bs, be) = best, shared.sources[bs].entries[be].lastUsed <= entry.lastUsed { continue }
                    best = (s, e)
                }
            }
            var target = best
            if target == nil, let s = shared.sources.firstIndex(where: { $0.key == id.source }),
                let e = shared.sources[s].entries.firstIndex(where: { $0.remote.id == id.remote })
            {
                target = (s, e)
            }
            guard let (s, e) = target else { break }
            let entry = shared.sources[s].entries[e]
            removed.append((entry, shared.sources[s].key))
            shared.deleting.insert(MirrorEntryID(source: shared.sources[s].key, remote: entry.remote.id))
            used -= entry.bytes + entry.previewBytes
            shared.sources[s].entries[e].file = nil
            shared.sources[s].entries[e].preview = nil
            shared.sources[s].entries[e].bytes = 0
            shared.sources[s].entries[e].previewBytes = 0
            shared.sources[s].entries[e].evicted = true
            if best == nil { break }
        }
        return removed
    }

    /// Deletes the files of entries that left the state (removed or evicted) outside the lock; until
    /// then none of them is fetched again, so a new download never meets the old files' deletion.
    private func deleteFiles(_ entries: [(EntryState, String)]) {
        guard !entries.isEmpty else { return }
        for (entry, source) in entries { deleteFiles(of: entry, source: source) }
        shared.withLock { shared in
            for (entry, source) in entries {
                shared.deleting.remove(MirrorEntryID(source: source, remote: entry.remote.id))
            }
        }
        wake.signal()
    }

    private func deleteFiles(of entry: EntryState, source: String) {
        for name in [entry.file, entry.preview, CacheName.part(CacheName.stem(source: source, id: entry.remote.id))] {
            if let name { try? FileManager.default.removeItem(atPath: path(name)) }
        }
    }
}

/// Lets progress through to the shared state at most every 50 ms, and always at the end.
private final class ProgressThrottle: @unchecked Sendable {
    private var last = DispatchTime(uptimeNanoseconds: 0)
    private var lastReceived: Int64 = -1

    func due(received: Int64, total: Int64) -> Bool {
        let now = DispatchTime.now()
        let finished = total > 0 && received == total
        guard received != lastReceived, finished || now.uptimeNanoseconds > last.uptimeNanoseconds + 50_000_000
        else { return false }
        last = now
        lastReceived = received
        return true
    }
}
