/// Values by key in order of use, each with a cost (its bytes, or 1 to bound a count), bounded by `costLimit`: an
/// insert past the limit evicts the least recently used entries first and hands them back, so a cache of textures
/// can free what it drops. Every operation is O(1) but eviction, which is O(entries evicted): the entries form a
/// doubly linked list kept in an array of slots, oldest to newest.
public struct LRUCache<Key: Hashable, Value> {
    private struct Slot {
        var key: Key
        var value: Value
        var cost: Int
        var older: Int?
        var newer: Int?
    }

    private var slots: [Slot?] = []
    private var freeSlots: [Int] = []
    private var index: [Key: Int] = [:]
    private var oldest: Int?
    private var newest: Int?
    /// The most total cost kept.
    public let costLimit: Int
    /// The total cost of the entries kept.
    public private(set) var totalCost = 0
    /// How many entries are kept.
    public var count: Int { index.count }

    /// An empty cache keeping at most `costLimit` in total cost.
    public init(costLimit: Int) { self.costLimit = max(costLimit, 0) }

    /// The value for `key`, marked as just used.
    public mutating func value(for key: Key) -> Value? {
        guard let i = index[key] else { return nil }
        moveToNewest(i)
        return slots[i]!.value
    }

    /// The least recently used key, the next to be evicted.
    public var leastRecentKey: Key? { oldest.map { slots[$0]!.key } }

    /// The value for `key`, leaving the order of use as it is.
    public func peek(_ key: Key) -> Value? { index[key].map { slots[$0]!.value } }

    /// Keeps `value` under `key` as the most recently used, then evicts the least recently used entries until the
    /// total cost is within the limit. A value costing more than the whole limit is not kept. Returns what left the
    /// cache: a value replaced under `key`, the evicted ones, or `value` itself when it was not kept.
    @discardableResult
    public mutating func insert(_ value: Value, for key: Key, cost: Int = 1) -> [Value] {
        var gone: [Value] = []
        if let old = remove(key) { gone.append(old) }
        guard cost <= costLimit else { return gone + [value] }
        let slot = Slot(key: key, value: value, cost: cost, older: newest, newer: nil)
        let i: Int
        if let free = freeSlots.popLast() {
            i = free
            slots[i] = slot
        } else {
            i = slots.count
            slots.append(slot)
        }
        if let n = newest { slots[n]!.newer = i }
        newest = i
        if oldest == nil { oldest = i }
        index[key] = i
        totalCost += cost
        return gone + evict(downTo: costLimit).map(\.value)
    }

    /// Forgets `key`; returns its value.
    @discardableResult
    public mutating func remove(_ key: Key) -> Value? {
        guard let i = index.removeValue(forKey: key) else { return nil }
        unlink(i)
        let slot = slots[i]!
        slots[i] = nil
        freeSlots.append(i)
        totalCost -= slot.cost
        return slot.value
    }

    /// Evicts the least recently used entries until the total cost is at most `limit`, stopping early at the first
    /// entry `spare` keeps (it and every newer one stay). Returns the evicted entries, oldest first.
    @discardableResult
    public mutating func evict(downTo limit: Int, sparing spare: (Key, Value) -> Bool = { _, _ in false })
        -> [(key: Key, value: Value)] {
        var gone: [(key: Key, value: Value)] = []
        while totalCost > limit, let i = oldest {
            let slot = slots[i]!
            if spare(slot.key, slot.value) { break }
            remove(slot.key)
            gone.append((slot.key, slot.value))
        }
        return gone
    }

    /// Forgets everything; returns the values that were kept.
    @discardableResult
    public mutating func removeAll() -> [Value] {
        let values = slots.compactMap { $0?.value }
        slots.removeAll()
        freeSlots.removeAll()
        index.removeAll()
        oldest = nil
        newest = nil
        totalCost = 0
        return values
    }

    /// The keys from the least to the most recently used.
    public var keysByAge: [Key] {
        var keys: [Key] = []
        var i = oldest
        while let j = i {
            keys.append(slots[j]!.key)
            i = slots[j]!.newer
        }
        return keys
    }

    private mutating func unlink(_ i: Int) {
        let older = slots[i]!.older, newer = slots[i]!.newer
        if let o = older { slots[o]!.newer = newer } else { oldest = newer }
        if let n = newer { slots[n]!.older = older } else { newest = older }
        slots[i]!.older = nil
        slots[i]!.newer = nil
    }

    private mutating func moveToNewest(_ i: Int) {
        guard newest != i else { return }
        unlink(i)
        slots[i]!.older = newest
        if let n = newest { slots[n]!.newer = i }
        newest = i
        if oldest == nil { oldest = i }
    }
}

// Its storage is values only (keys, values and integers), so it is Sendable whenever they are.
extension LRUCache: @unchecked Sendable where Key: Sendable, Value: Sendable {}
