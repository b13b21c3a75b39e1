import CarouselSupport
import CarouselTesting
import Testing

/// The least-recently-used cache behind the fetched-bytes cache and the text texture cache.
@Suite("LRU cache")
struct LRUCacheTests {
    @Test("Past the limit the least recently used leave first, and are handed back; a read makes an entry recent")
    func evictsLeastRecent() {
        var cache = LRUCache<String, Int>(costLimit: 3)
        #expect(cache.insert(1, for: "a").isEmpty)
        cache.insert(2, for: "b")
        cache.insert(3, for: "c")
        #expect(cache.value(for: "a") == 1)
        #expect(cache.keysByAge == ["b", "c", "a"])
        #expect(cache.insert(4, for: "d") == [2], "b was the least recently used")
        #expect(cache.peek("b") == nil && cache.count == 3 && cache.totalCost == 3)
        #expect(cache.peek("c") == 3)
        #expect(cache.keysByAge == ["c", "a", "d"], "peek leaves the order")
        #expect(cache.leastRecentKey == "c")
    }

    @Test("Costs: a large entry evicts several; one larger than the limit is not kept; replacing hands back the old value")
    func costs() {
        var cache = LRUCache<Int, String>(costLimit: 100)
        for k in 0..<5 { cache.insert("v\(k)", for: k, cost: 20) }
        #expect(cache.totalCost == 100)
        #expect(cache.insert("big", for: 9, cost: 50) == ["v0", "v1", "v2"])
        #expect(cache.totalCost == 90)
        #expect(cache.insert("huge", for: 10, cost: 101) == ["huge"])
        #expect(cache.peek(10) == nil)
        #expect(cache.insert("new", for: 9, cost: 10) == ["big"])
        #expect(cache.totalCost == 50 && cache.keysByAge == [3, 4, 9])
        #expect(cache.remove(3) == "v3" && cache.remove(3) == nil)
        #expect(cache.totalCost == 30)
    }

    @Test("Eviction down to a limit stops at the first entry spared; removeAll hands back everything")
    func evictSparing() {
        var cache = LRUCache<Int, Int>(costLimit: 1_000)
        for k in 0..<6 { cache.insert(k, for: k, cost: 10) }
        let gone = cache.evict(downTo: 10, sparing: { key, _ in key >= 2 })
        #expect(gone.map(\.key) == [0, 1])
        #expect(cache.totalCost == 40)
        #expect(Set(cache.removeAll()) == [2, 3, 4, 5])
        #expect(cache.count == 0 && cache.totalCost == 0 && cache.keysByAge.isEmpty)
        cache.insert(7, for: 7)
        #expect(cache.keysByAge == [7])
    }

    @Test("A long run of random uses agrees with a plain model of the same policy")
    func agreesWithModel() {
        var cache = LRUCache<Int, Int>(costLimit: 50)
        var model: [(key: Int, cost: Int)] = []  // oldest first
        var rng = SeededGenerator(seed: 7)
        for step in 0..<20_000 {
            let key = Int(rng.next() % 40)
            if rng.next() % 3 == 0 {
                let hit = cache.value(for: key)
                if let i = model.firstIndex(where: { $0.key == key }) {
                    #expect(hit == key, "step \(step)")
                    model.append(model.remove(at: i))
                } else {
                    #expect(hit == nil, "step \(step)")
                }
            } else {
                let cost = Int(rng.next() % 12) + 1
                cache.insert(key, for: key, cost: cost)
                model.removeAll { $0.key == key }
                model.append((key, cost))
                while model.reduce(0, { $0 + $1.cost }) > 50 { model.removeFirst() }
            }
        }
        #expect(cache.keysByAge == model.map(\.key))
        #expect(cache.totalCost == model.reduce(0) { $0 + $1.cost })
    }
}
