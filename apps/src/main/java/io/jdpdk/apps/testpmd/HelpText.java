package io.jdpdk.apps.testpmd;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * testpmd's {@code help} and {@code help SECTION} text ({@code help.txt} beside this class): DPDK 22.11's own
 * wording and layout ({@code cmd_help_brief_parsed}, {@code cmd_help_long_parsed}), limited to the commands jdpdk's
 * testpmd takes, so that every command it lists is one that runs.
 */
final class HelpText
{
    /** The sections of {@code help all}, in its order; each also {@code help NAME}. */
    private static final Map<String, String> SECTIONS = new LinkedHashMap<>();
    private static final String BRIEF;

    static
    {
        final String text;
        try (InputStream in = HelpText.class.getResourceAsStream("help.txt"))
        {
            if (in == null)
            {
                throw new IllegalStateException("help.txt is missing beside " + HelpText.class.getName());
            }
            text = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
        final String[] parts = text.split("(?m)^@@ ");
        for (int i = 1; i < parts.length; i++)
        {
            final int eol = parts[i].indexOf('\n');
            SECTIONS.put(parts[i].substring(0, eol),
                parts[i].substring(eol + 1).replace("%s", String.join("|", Engines.names())));
        }
        BRIEF = SECTIONS.remove("brief");
    }

    private HelpText()
    {
    }

    /** {@code help}: the list of sections. */
    static String brief()
    {
        return BRIEF;
    }

    /**
     * {@code help NAME}: one section, or every one for {@code all}.
     *
     * @return the text, or null for a name testpmd does not know ("Bad arguments")
     */
    static String section(final String name)
    {
        return name.equals("all") ? String.join("", SECTIONS.values()) : SECTIONS.get(name);
    }
}
