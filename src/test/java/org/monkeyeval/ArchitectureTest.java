package org.monkeyeval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layout shows the architecture: the rooms (top-level packages) of {@code src/main/java} use only
 * rooms below them in {@link #LAYERS} (the order the root package's doc gives), no two packages depend on
 * each other, directly or around a loop, and every command stays thin (at most {@link #COMMAND_LINES}
 * lines and {@link #COMMAND_PROJECT_IMPORTS} imports of the project's classes).
 *
 * <p>A dependency is a reference in code, an import or a fully qualified name; comments and string
 * literals are left out, so a {@code {@link}} to a room above documents without depending.
 */
final class ArchitectureTest {

    /** Rooms from the top down; a room may use the rooms of later lines only. */
    static final List<Set<String>> LAYERS = List.of(
            Set.of("cli"),
            Set.of("bundle"),
            Set.of("verify"),
            Set.of("page"),
            Set.of("figures"),
            Set.of("report"),
            Set.of("export"),
            Set.of("engine"),
            Set.of("io"),
            Set.of("confirm"),
            Set.of("alloc"),
            Set.of("family"),
            Set.of("filter", "stats", "model"),
            Set.of("text"));

    static final int COMMAND_LINES = 100;
    static final int COMMAND_PROJECT_IMPORTS = 12;

    private static final String ROOT = "org.monkeyeval";
    private static final Path MAIN = Path.of("src", "main", "java");
    private static final Pattern REFERENCE = Pattern.compile("\\borg\\.monkeyeval((?:\\.[a-z][a-z0-9_]*)*)\\.[A-Z]");
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

    @Test
    void rooms_useOnlyTheRoomsBelowThem() throws IOException {
        Map<String, Set<String>> graph = packageGraph(MAIN);
        List<String> violations = new ArrayList<>();
        for (Map.Entry<String, Set<String>> from : graph.entrySet()) {
            for (String to : from.getValue()) {
                String a = room(from.getKey());
                String b = room(to);
                if (!a.equals(b) && layer(a) >= layer(b)) {
                    violations.add(from.getKey() + " -> " + to);
                }
            }
        }
        assertEquals(List.of(), violations, "uses of a room at or above the user's layer");
    }

    @Test
    void everyRoom_isInTheLayerList() throws IOException {
        for (String pkg : packageGraph(MAIN).keySet()) {
            if (!pkg.equals(ROOT)) {
                assertTrue(layer(room(pkg)) >= 0, pkg + " is in no layer of ArchitectureTest.LAYERS");
            }
        }
    }

    @Test
    void packages_formNoCycle() throws IOException {
        assertEquals(List.of(), cycles(packageGraph(MAIN)));
    }

    /** The arrows the layout once had: io reading text formats from report, verify checking bundles from bundle. */
    @Test
    void ioAndVerify_doNotReachUpIntoReportOrBundle() throws IOException {
        Map<String, Set<String>> graph = packageGraph(MAIN);
        assertTrue(graph.getOrDefault(ROOT + ".io", Set.of()).stream().noneMatch(p -> room(p).equals("report")),
                "io uses report: " + graph.get(ROOT + ".io"));
        assertTrue(graph.getOrDefault(ROOT + ".verify", Set.of()).stream().noneMatch(p -> room(p).equals("bundle")),
                "verify uses bundle: " + graph.get(ROOT + ".verify"));
        for (Map.Entry<String, Set<String>> e : graph.entrySet()) {
            if (room(e.getKey()).equals("engine")) {
                assertTrue(e.getValue().stream().noneMatch(p -> room(p).equals("report")),
                        e.getKey() + " uses report: " + e.getValue());
            }
        }
    }

    @Test
    void commands_stayThin() throws IOException {
        List<String> fat = new ArrayList<>();
        try (Stream<Path> files = Files.list(MAIN.resolve(Path.of("org", "monkeyeval", "cli")))) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith("Command.java")).sorted().toList()) {
                List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                long imports = lines.stream().filter(l -> l.startsWith("import " + ROOT + ".")).count();
                if (lines.size() > COMMAND_LINES || imports > COMMAND_PROJECT_IMPORTS) {
                    fat.add(file.getFileName() + ": " + lines.size() + " lines, " + imports + " project imports");
                }
            }
        }
        assertEquals(List.of(), fat, "commands over " + COMMAND_LINES + " lines or " + COMMAND_PROJECT_IMPORTS
                + " project imports");
    }

    // The checks above are only as good as the scanner and the cycle search: both are tested here.

    @Test
    void packageGraph_findsImportsAndQualifiedNamesButNotCommentsOrStrings(@TempDir Path dir) throws IOException {
        write(dir, "org/monkeyeval/io/A.java", """
                package org.monkeyeval.io;

                import org.monkeyeval.report.Csv;
                import static org.monkeyeval.text.Numbers.format;

                /** See {@link org.monkeyeval.cli.Main}. */
                final class A {
                    // org.monkeyeval.bundle.Bundle in a comment
                    String s = "org.monkeyeval.verify.Part";
                    Object o = new org.monkeyeval.engine.rocksdb.RocksDbImport();
                }
                """);
        assertEquals(Map.of("org.monkeyeval.io",
                        Set.of("org.monkeyeval.report", "org.monkeyeval.text", "org.monkeyeval.engine.rocksdb")),
                packageGraph(dir));
    }

    @Test
    void cycles_findsALoopThroughThreePackagesAndNoneInALayeredGraph() {
        Map<String, Set<String>> loop = Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a", "d"),
                "d", Set.of());
        assertEquals(List.of(List.of("a", "b", "c")), cycles(loop));
        Map<String, Set<String>> layered = Map.of("a", Set.of("b", "c"), "b", Set.of("c"), "c", Set.of());
        assertEquals(List.of(), cycles(layered));
    }

    @Test
    void layers_placeEveryRoomOnce() {
        Set<String> seen = new TreeSet<>();
        for (Set<String> layer : LAYERS) {
            for (String room : layer) {
                assertTrue(seen.add(room), room + " in two layers");
            }
        }
    }

    /** Package to the other project packages its classes reference. */
    static Map<String, Set<String>> packageGraph(Path sourceRoot) throws IOException {
        Map<String, Set<String>> graph = new TreeMap<>();
        List<Path> sources;
        try (Stream<Path> walk = Files.walk(sourceRoot)) {
            sources = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        for (Path source : sources) {
            String text = Files.readString(source, StandardCharsets.UTF_8);
            Matcher pkg = PACKAGE.matcher(text);
            if (!pkg.find()) {
                continue;
            }
            String from = pkg.group(1);
            Set<String> uses = graph.computeIfAbsent(from, k -> new TreeSet<>());
            Matcher ref = REFERENCE.matcher(codeOnly(text));
            while (ref.find()) {
                String to = ROOT + ref.group(1);
                if (!to.equals(from)) {
                    uses.add(to);
                }
            }
        }
        return graph;
    }

    /** The source with comments, string and character literals and text blocks blanked out. */
    static String codeOnly(String source) {
        StringBuilder out = new StringBuilder(source.length());
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (source.startsWith("//", i)) {
                i = source.indexOf('\n', i);
                i = i < 0 ? n : i;
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                out.append(' ');
            } else if (source.startsWith("\"\"\"", i)) {
                int end = source.indexOf("\"\"\"", i + 3);
                while (end > 0 && source.charAt(end - 1) == '\\') {
                    end = source.indexOf("\"\"\"", end + 1);
                }
                i = end < 0 ? n : end + 3;
                out.append("\"\"");
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && source.charAt(j) != c && source.charAt(j) != '\n') {
                    j += source.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
                out.append(c).append(c);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** The strongly connected components of more than one package (Tarjan 1972), each sorted, in order. */
    static List<List<String>> cycles(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<List<String>> found = new ArrayList<>();
        for (String v : new TreeSet<>(graph.keySet())) {
            if (!index.containsKey(v)) {
                connect(v, graph, index, low, stack, onStack, found);
            }
        }
        found.sort((x, y) -> x.get(0).compareTo(y.get(0)));
        return found;
    }

    private static void connect(String v, Map<String, Set<String>> graph, Map<String, Integer> index,
            Map<String, Integer> low, Deque<String> stack, Set<String> onStack, List<List<String>> found) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        onStack.add(v);
        for (String w : new TreeSet<>(graph.getOrDefault(v, Set.of()))) {
            if (!index.containsKey(w)) {
                connect(w, graph, index, low, stack, onStack, found);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            List<String> component = new ArrayList<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                component.sort(null);
                found.add(component);
            }
        }
    }

    /** The room of a package: its first segment below org.monkeyeval. */
    static String room(String pkg) {
        String rest = pkg.equals(ROOT) ? "" : pkg.substring(ROOT.length() + 1);
        int dot = rest.indexOf('.');
        return dot < 0 ? rest : rest.substring(0, dot);
    }

    private static int layer(String room) {
        for (int i = 0; i < LAYERS.size(); i++) {
            if (LAYERS.get(i).contains(room)) {
                return i;
            }
        }
        return -1;
    }

    private static void write(Path dir, String path, String text) throws IOException {
        Path file = dir.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
