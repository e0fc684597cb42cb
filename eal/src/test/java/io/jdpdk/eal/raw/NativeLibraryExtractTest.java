package io.jdpdk.eal.raw;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The shim is extracted from the jar to a file of its own, never into a file or link that is already there: one a
 * killed process of the same pid left, or one someone else put in the temp directory first.
 */
class NativeLibraryExtractTest
{
    @Test
    void shouldWriteTheShimToTheFirstFreeNameAndLeaveExistingFilesAndLinksAlone(@TempDir final Path dir)
        throws Exception
    {
        final Path stale = Files.writeString(dir.resolve("libjdpdk-42-0.so"), "stale");
        final Path elsewhere = Files.writeString(dir.resolve("elsewhere"), "not ours");
        Files.createSymbolicLink(dir.resolve("libjdpdk-42-1.so"), elsewhere);
        final byte[] shim = "\u007fELF shim bytes".getBytes(StandardCharsets.ISO_8859_1);

        final Path extracted = NativeLibrary.extract(new ByteArrayInputStream(shim), dir, 42);

        assertEquals(dir.resolve("libjdpdk-42-2.so"), extracted);
        assertArrayEquals(shim, Files.readAllBytes(extracted));
        assertEquals("stale", Files.readString(stale));
        assertEquals("not ours", Files.readString(elsewhere), "a link is not followed");
    }
}
