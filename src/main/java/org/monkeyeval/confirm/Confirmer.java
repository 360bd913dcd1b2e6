package org.monkeyeval.confirm;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.MonkeyModel;
import org.monkeyeval.filter.Filter;
import org.monkeyeval.filter.Hashing;
import org.monkeyeval.filter.KeySpace;
import org.monkeyeval.family.StandardBloom;
import org.monkeyeval.model.Run;
import org.monkeyeval.stats.BinomialInterval;

/**
 * Builds real filters with the allocated bits per entry and counts what they answer to absent keys.
 *
 * <p>Per case: every (allocation, layout, run) gets a filter over that run's keys (the allocations of
 * {@link ConfirmedAllocation#of}; the deployable one in the RocksDB layout only)
 * ({@link KeySpace#storedKey}: the same keys for every allocation and layout), each filter is
 * checked for false negatives on every stored key, and the same absent keys
 * ({@link KeySpace#absentKey} 0..Q-1) go through every filter. Work is split into tasks whose results
 * are integer counts added up in a fixed order, so the counts do not depend on the thread count.
 *
 * <p>A run of more than {@link ConfirmSettings#maxFilterEntries} entries is confirmed on a filter built
 * over its first that many keys, {@code storedKey(run, 0 .. cap-1)}, at the run's own bits per entry
 * (so the same hash count and the same load per bit): the key map is a seeded bijection, so those keys
 * are as random a subset of the run as any other. Filter size, prediction and build variance are
 * those of the filter as built; the model rate e^(-c b) does not depend on n.
 */
public final class Confirmer {

    /** Absent keys per query task: small enough to balance two cores, large enough to amortize. */
    static final long QUERY_CHUNK = 1L << 18;

    /** Stored keys generated and checked per batch after a build. */
    static final int CHECK_BATCH = 4096;

    /** Salt that separates the filters' hash seed from the key seed. */
    public static final long HASH_SEED_SALT = 0x6D6F_6E6B_6579_4842L;

    private final ConfirmSettings settings;
    private final KeySpace keys;
    private final long hashSeed;

    public Confirmer(ConfirmSettings settings) {
        this.settings = settings;
        this.keys = new KeySpace(settings.seed());
        this.hashSeed = hashSeedFor(settings.seed());
    }

    /**
     * Why a case cannot be confirmed within {@code heapBytes} of memory, or empty when it can: keys
     * are indexed below 2^40 per run (a run's key set, and so any sample of it, exists only below that),
     * a standard filter holds at most {@link StandardBloom#MAX_BITS}, and all filters of one case are
     * alive at once. The filter and heap limits apply to the filters as built, over
     * {@link ConfirmSettings#builtEntries} keys: a lower {@code --max-filter-entries} brings a case within them.
     */
    public static Optional<String> limit(CaseResult result, ConfirmSettings settings, long heapBytes) {
        List<Run> runs = result.lsmCase().runs();
        if (runs.size() > KeySpace.MAX_RUNS) {
            return Optional.of(runs.size() + " runs: the key space allows " + KeySpace.MAX_RUNS);
        }
        double filterBytes = 0;
        for (int i = 0; i < runs.size(); i++) {
            long n = runs.get(i).entries();
            if (n >= KeySpace.MAX_INDEX) {
                return Optional.of("run " + (i + 1) + " holds " + n + " entries; real filters are built for"
                        + " runs below 2^40 entries");
            }
            long built = settings.builtEntries(n);
            for (ConfirmedAllocation a : ConfirmedAllocation.of(result)) {
                double bits = built * a.bits().bitsPerEntry(i);
                if (bits > StandardBloom.MAX_BITS) {
                    return Optional.of("run " + (i + 1) + " needs " + Math.round(bits) + " filter bits over "
                            + built + " keys; a filter holds at most " + StandardBloom.MAX_BITS
                            + " (lower --max-filter-entries)");
                }
                filterBytes += layouts(result.lsmCase().id(), a, settings).size() * (bits / 8 + 64);
            }
        }
        if (filterBytes > 0.75 * heapBytes) {
            return Optional.of(String.format(Locale.ROOT, "its filters need %.0f MiB at once and the heap allows"
                    + " %.0f MiB: raise -Xmx or lower --max-filter-entries (now %d)", filterBytes / (1 << 20),
                    heapBytes / (double) (1 << 20), settings.maxFilterEntries()));
        }
        return Optional.empty();
    }

    /** The layouts of {@code settings} in which case {@code caseId}'s {@code allocation} is built, in order. */
    private static List<Layout> layouts(String caseId, ConfirmedAllocation allocation, ConfirmSettings settings) {
        return settings.layouts().stream().filter(allocation::builtIn).filter(l -> settings.builds(caseId, l))
                .toList();
    }

    /** The seed handed to {@link Hashing#hash64} by every filter: mix13(seed ^ salt). */
    public static long hashSeedFor(long seed) {
        return Hashing.mix13(seed ^ HASH_SEED_SALT);
    }

    /**
     * Confirms every case.
     *
     * @return one count per case, allocation and layout, in that order
     * @throws FalseNegativeException if any filter rejects one of its own keys
     */
    public List<CaseCount> confirm(List<CaseResult> results, ConfirmProgress progress) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(settings.threads(), r -> {
            Thread t = new Thread(r, "confirm-worker");
            t.setDaemon(true);
            return t;
        });
        try {
            double[] work = new double[results.size()];
            double total = 0;
            for (int c = 0; c < results.size(); c++) {
                work[c] = buildWork(results.get(c)) + queryWork(results.get(c));
                total += work[c];
            }
            List<CaseCount> counts = new ArrayList<>();
            double before = 0;
            for (int c = 0; c < results.size(); c++) {
                Share share = new Share(before / total, buildWork(results.get(c)) / total,
                        queryWork(results.get(c)) / total);
                counts.addAll(confirmCase(results.get(c), c, results.size(), pool, progress, share));
                before += work[c];
            }
            return counts;
        } finally {
            pool.shutdownNow();
            progress.finished();
        }
    }

    /** One filter to build: {@code builtEntries} of the run's {@code entries} keys, the first ones. */
    private record Spec(String allocation, Layout layout, int run, long entries, long builtEntries,
                        double bitsPerEntry) {
    }

    /**
     * A case's part of the whole work, for progress only: filters are built over every key of every
     * run, and every filter answers every query. With --precision the queries may double again, so
     * the estimate can fall short; it is never used for a result.
     *
     * @param start share of the work before this case
     * @param build share of building this case's filters
     * @param query share of its first round of queries
     */
    private record Share(double start, double build, double query) {
        double at(double queriedShare) {
            return Math.min(1.0, start + build + query * queriedShare);
        }
    }

    private double buildWork(CaseResult result) {
        double keys = 0;
        for (Run run : result.lsmCase().runs()) {
            keys += run.entries();
        }
        return filtersPerRun(result) * keys;
    }

    private double queryWork(CaseResult result) {
        return (double) filtersPerRun(result) * result.lsmCase().runs().size() * settings.queries();
    }

    /** Filters built per run: one per allocation and layout it is built in. */
    private int filtersPerRun(CaseResult result) {
        return ConfirmedAllocation.of(result).stream()
                .mapToInt(a -> layouts(result.lsmCase().id(), a, settings).size()).sum();
    }

    private List<CaseCount> confirmCase(CaseResult result, int index, int cases, ExecutorService pool,
                                        ConfirmProgress progress, Share share) throws InterruptedException {
        String id = result.lsmCase().id();
        List<Run> runs = result.lsmCase().runs();
        if (runs.size() > KeySpace.MAX_RUNS) {
            throw new IllegalArgumentException("case " + id + " has more runs than the key space allows");
        }
        List<ConfirmedAllocation> allocations = ConfirmedAllocation.of(result);
        List<Spec> specs = new ArrayList<>();
        for (ConfirmedAllocation a : allocations) {
            for (Layout layout : layouts(id, a, settings)) {
                for (int i = 0; i < runs.size(); i++) {
                    long n = runs.get(i).entries();
                    specs.add(new Spec(a.label(), layout, i, n, settings.builtEntries(n), a.bits().bitsPerEntry(i)));
                }
            }
        }

        progress.update(id, index, cases, "building " + specs.size() + " filters", share.start());
        List<Callable<BuiltFilter>> builds = new ArrayList<>();
        for (Spec spec : specs) {
            builds.add(() -> buildChecked(id, spec));
        }
        List<BuiltFilter> filters = all(pool, builds);

        long[] positives = new long[specs.size()];
        long done = 0;
        long target = settings.queries();
        while (true) {
            progress.update(id, index, cases, "querying " + done + ".." + target,
                    share.at((double) done / settings.queries()));
            List<Callable<Long>> queries = new ArrayList<>();
            List<Integer> owner = new ArrayList<>();
            for (int s = 0; s < specs.size(); s++) {
                Filter filter = filters.get(s).filter();
                if (filter == null) {
                    continue;
                }
                for (long from = done; from < target; from += QUERY_CHUNK) {
                    long start = from;
                    long end = Math.min(target, from + QUERY_CHUNK);
                    queries.add(() -> countPositives(filter, start, end));
                    owner.add(s);
                }
            }
            List<Long> counted = all(pool, queries);
            for (int q = 0; q < counted.size(); q++) {
                positives[owner.get(q)] += counted.get(q);
            }
            done = target;
            if (!settings.adaptive() || done >= settings.maxQueries() || precise(filters, positives, done)) {
                break;
            }
            target = Math.min(settings.maxQueries(), 2 * done);
        }

        List<CaseCount> out = new ArrayList<>();
        for (ConfirmedAllocation a : allocations) {
            String allocation = a.label();
            for (Layout layout : layouts(id, a, settings)) {
                List<RunCount> runCounts = new ArrayList<>();
                for (int s = 0; s < specs.size(); s++) {
                    Spec spec = specs.get(s);
                    if (spec.allocation().equals(allocation) && spec.layout() == layout) {
                        runCounts.add(count(id, spec, filters.get(s), positives[s], done));
                    }
                }
                out.add(new CaseCount(id, allocation, layout.label(), done, runCounts, result.weights()));
            }
        }
        return out;
    }

    private BuiltFilter buildChecked(String caseId, Spec spec) {
        int run = spec.run();
        BuiltFilter built = spec.layout().build(spec.builtEntries(), spec.bitsPerEntry(),
                i -> keys.storedKey(run, i), hashSeed);
        if (built.present()) {
            Filter filter = built.filter();
            long[] batch = new long[(int) Math.min(CHECK_BATCH, Math.max(1, spec.builtEntries()))];
            for (long from = 0; from < spec.builtEntries(); from += batch.length) {
                int count = (int) Math.min(batch.length, spec.builtEntries() - from);
                keys.storedKeys(run, from, batch, count);
                int rejected = filter.firstRejected(batch, count);
                if (rejected >= 0) {
                    throw new FalseNegativeException(caseId + " " + spec.allocation() + " "
                            + spec.layout().label() + " run " + (run + 1) + ": stored key #" + (from + rejected)
                            + " was rejected");
                }
            }
        }
        return built;
    }

    private long countPositives(Filter filter, long from, long to) {
        long positives = 0;
        for (long j = from; j < to; j++) {
            if (filter.mayContain(keys.absentKey(j))) {
                positives++;
            }
        }
        return positives;
    }

    private boolean precise(List<BuiltFilter> filters, long[] positives, long queries) {
        for (int s = 0; s < filters.size(); s++) {
            if (!filters.get(s).present()) {
                continue;
            }
            if (positives[s] == 0) {
                return false;
            }
            BinomialInterval ci = BinomialInterval.clopperPearson(positives[s], queries,
                    RunCount.CONFIDENCE);
            double observed = (double) positives[s] / queries;
            if ((ci.upper() - ci.lower()) / 2 / observed > settings.precision()) {
                return false;
            }
        }
        return true;
    }

    private static RunCount count(String caseId, Spec spec, BuiltFilter f, long positives, long queries) {
        long useful = f.present() ? queries - positives : 0;
        long probes = f.present() ? positives : queries;
        return new RunCount(caseId, spec.allocation(), spec.layout().label(), spec.run() + 1, spec.entries(),
                spec.builtEntries(), spec.bitsPerEntry(), f.filterBits(), f.hashes(), queries,
                f.present() ? positives : 0, 0, useful, probes, MonkeyModel.idealFpr(spec.bitsPerEntry()),
                f.predictedFpr(), f.buildVariance(), f.cacheLocalFpr(), f.poissonMixtureFpr());
    }

    private static <T> List<T> all(ExecutorService pool, List<Callable<T>> tasks) throws InterruptedException {
        List<Future<T>> futures = pool.invokeAll(tasks);
        List<T> results = new ArrayList<>(futures.size());
        for (Future<T> future : futures) {
            try {
                results.add(future.get());
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof RuntimeException runtime) {
                    throw runtime;
                }
                if (cause instanceof Error error) {
                    throw error;
                }
                throw new IllegalStateException(cause);
            }
        }
        return results;
    }
}
