package io.jdpdk.apps.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged apps start from an AOT cache that holds their command-line parser as well as jdpdk: the skeleton,
 * trained as {@code apps/src/build/train-aot.sh} trains it and then run from that cache through
 * {@code apps/bin/jdpdk-run}, loads every picocli class and its own classes from the cache, none from a jar.
 * (picocli's published jar is Java 5 bytecode, which JDK 25's AOT cache leaves out; picocli/pom.xml rebuilds it.)
 * The cache holds no method profiles of the training run ({@code apps/bin/jdpdk-run} says why).
 */
class AotCacheIT
{
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final String SKELETON = "io.jdpdk.apps.skeleton.Skeleton";

    @Test
    void skeletonLoadsPicocliAndItselfFromItsAotCache(@TempDir final Path dir) throws Exception
    {
        final Path cache = dir.resolve("skeleton.aot");
        final Path classes = dir.resolve("classes.log");

        final Process training = skeleton(dir.resolve("train.out"), "JDPDK_AOT_TRAIN", cache.toString());
        assertEquals(0, exit(training, dir.resolve("train.out")), "training run");
        assertTrue(Files.size(cache) > 0, "no AOT cache written");

        final Process run = skeleton(dir.resolve("run.out"), "JDPDK_JAVA_OPTS",
            "-XX:AOTCache=" + cache + " -Xlog:class+load=info:file=" + classes);
        assertEquals(0, exit(run, dir.resolve("run.out")), "run from the cache");

        final List<String> loaded = Files.readAllLines(classes, StandardCharsets.UTF_8);
        final List<String> picocli = loaded.stream().filter(line -> line.contains(" picocli.")).toList();
        assertTrue(picocli.stream().anyMatch(line -> line.contains("picocli.CommandLine source:")),
            "picocli not loaded at all?\n" + String.join("\n", picocli));
        assertEquals(List.of(), notFromCache(picocli), "picocli classes loaded from a jar, not the AOT cache");
        assertEquals(List.of(), notFromCache(loaded.stream().filter(line -> line.contains(" " + SKELETON)).toList()),
            "the skeleton's classes loaded from a jar, not the AOT cache");

        // No method profiles: those of the training run's traffic made the JIT compile l3fwd for the wrong packets.
        final Process print = skeleton(dir.resolve("training.out"), "JDPDK_JAVA_OPTS", "-XX:AOTCache=" + cache +
            " -XX:+UnlockDiagnosticVMOptions -XX:+AOTPrintTrainingInfo -version");
        assertEquals(0, exit(print, dir.resolve("training.out")), "java -version with the cache");
        final String profiles = Files.readString(dir.resolve("training.out"), StandardCharsets.UTF_8);
        assertTrue(profiles.contains("Archived TrainingData Dictionary"), profiles);
        assertEquals(List.of(), profiles.lines().filter(line -> line.matches("\\d+: 0x\\p{XDigit}+ .*")).limit(3)
            .toList(), "the AOT cache holds training data (method profiles)");
    }

    /** The first few of {@code lines} (class loads) that name another source than the AOT cache. */
    private static List<String> notFromCache(final List<String> lines)
    {
        return lines.stream().filter(line -> !line.endsWith("source: shared objects file")).limit(3)
            .collect(Collectors.toList());
    }

    /** apps/bin/jdpdk-run's skeleton on two net_null ports for one second, the AOT cache set by {@code envName}. */
    private static Process skeleton(final Path output, final String envName, final String envValue) throws Exception
    {
        final ProcessBuilder builder = new ProcessBuilder(ROOT.resolve("apps/bin/jdpdk-run").toString(), SKELETON,
            "-l", "0", "--no-pci", "--vdev=net_null0", "--vdev=net_null1", "--no-huge", "-m", "256", "--",
            "--duration", "1")
            .redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().put("JDPDK_AOT", "0");
        builder.environment().put(envName, envValue);
        return builder.start();
    }

    private static int exit(final Process process, final Path output) throws Exception
    {
        if (!process.waitFor(60, TimeUnit.SECONDS))
        {
            process.destroyForcibly();
            throw new AssertionError("skeleton did not exit in 60 s:\n" + Files.readString(output));
        }
        final int code = process.exitValue();
        if (code != 0)
        {
            System.err.println(Files.readString(output));
        }
        return code;
    }
}
