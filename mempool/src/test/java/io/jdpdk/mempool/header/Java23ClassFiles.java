package io.jdpdk.mempool.header;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Build step for the Jazzer forks: copies a classes directory, lowering the class-file major version of every
 * class above Java 23 (67) to 67. The bytecode is unchanged (Java 24 and 25 added no class-file features our
 * code uses); only the version number moves, so Jazzer 0.24.0, whose bundled ASM reads class files up to Java 23,
 * can instrument the header classes for coverage. The JVM loads the lowered classes like any Java 23 class.
 * Remove this step once Jazzer reads Java 25 class files.
 * <p>
 * Usage: {@code Java23ClassFiles <from directory> <to directory>}.
 */
public final class Java23ClassFiles
{
    private static final int JAVA_23 = 67;

    private Java23ClassFiles()
    {
    }

    public static void main(final String[] args) throws IOException
    {
        final Path from = Path.of(args[0]);
        final Path to = Path.of(args[1]);
        int lowered = 0;
        try (Stream<Path> files = Files.walk(from))
        {
            for (final Path file : (Iterable<Path>)files::iterator)
            {
                final Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file))
                {
                    Files.createDirectories(target);
                    continue;
                }
                final byte[] bytes = Files.readAllBytes(file);
                if (file.toString().endsWith(".class") && bytes.length > 8 && (bytes[0] & 0xFF) == 0xCA &&
                    (bytes[1] & 0xFF) == 0xFE && (bytes[2] & 0xFF) == 0xBA && (bytes[3] & 0xFF) == 0xBE &&
                    (((bytes[6] & 0xFF) << 8) | (bytes[7] & 0xFF)) > JAVA_23)
                {
                    bytes[6] = 0;
                    bytes[7] = (byte)JAVA_23;
                    lowered++;
                }
                Files.write(target, bytes);
            }
        }
        System.out.println("Java23ClassFiles: " + lowered + " class files of " + from + " lowered to version " +
            JAVA_23 + " in " + to);
    }
}
