package io.jdpdk.eal;

import io.jdpdk.eal.raw.EalRaw;

import java.lang.foreign.Arena;

/**
 * DPDK's log ({@code rte_log}) for an application's own lines: written where DPDK writes its own (standard error,
 * and syslog) when the log type's level lets them through, so that {@code --log-level} silences them as it silences
 * DPDK's, as the {@code RTE_LOG(INFO, L3FWD, ...)} lines of DPDK's samples are silenced. Control path: each line
 * allocates.
 */
public final class Log
{
    /** {@code RTE_LOG_ERR}. */
    public static final int ERR = 4;
    /** {@code RTE_LOG_WARNING}. */
    public static final int WARNING = 5;
    /** {@code RTE_LOG_NOTICE}. */
    public static final int NOTICE = 6;
    /** {@code RTE_LOG_INFO}. */
    public static final int INFO = 7;
    /** {@code RTE_LOG_DEBUG}. */
    public static final int DEBUG = 8;
    /** {@code RTE_LOGTYPE_USER1}: the type DPDK's samples log under (L2FWD, L3FWD, REORDERAPP). */
    public static final int USER1 = 24;

    private Log()
    {
    }

    /**
     * Writes {@code line} and a line end at {@code level} under {@code logtype} ({@code rte_log}). Before
     * {@link Eal#init} the types' levels are DPDK's defaults (INFO lets through), and {@code --log-level} is not
     * yet applied.
     *
     * @param level   {@link #ERR} to {@link #DEBUG}
     * @param logtype {@link #USER1}, or a type of {@link #register}
     * @param line    the text, without its line end, e.g. {@code "L3FWD: entering main loop on lcore 1"}
     */
    public static void log(final int level, final int logtype, final String line)
    {
        try (Arena arena = Arena.ofConfined())
        {
            EalRaw.log(level, logtype, arena.allocateFrom(line + "\n"));
        }
    }

    /**
     * The log type {@code name} ({@code rte_log_register}), made if DPDK has none of that name, at {@code level}
     * ({@code rte_log_set_level}), as testpmd registers "testpmd" at DEBUG before {@code rte_eal_init}, whose
     * {@code --log-level} then applies to it.
     *
     * @param name  the type's name, which {@code --log-level=NAME:LEVEL} matches
     * @param level its level until {@code --log-level} says otherwise
     * @return the type's id
     * @throws DpdkException when DPDK refuses (no room for another type)
     */
    public static int register(final String name, final int level)
    {
        final int type;
        try (Arena arena = Arena.ofConfined())
        {
            type = EalRaw.log_register(arena.allocateFrom(name));
        }
        if (type < 0)
        {
            throw new DpdkException("rte_log_register(" + name + ")", -type, EalRaw.strerror(-type));
        }
        EalRaw.log_set_level(type, level);
        return type;
    }

    /**
     * Sets the global log level, above which no type logs ({@code rte_log_set_global_level}), as EAL's
     * {@code --log-level=N} does.
     *
     * @param level {@link #ERR} to {@link #DEBUG}, or any other uint32_t DPDK takes
     */
    public static void setGlobalLevel(final int level)
    {
        EalRaw.log_set_global_level(level);
    }

    /**
     * Sets the level of every log type registered now whose name matches {@code regex}
     * ({@code rte_log_set_level_regexp}; unlike EAL's {@code --log-level=REGEX:N}, types registered later keep
     * their own level).
     *
     * @param regex a POSIX basic regular expression, e.g. {@code "lib.eal"} or {@code "pmd.net.*"}
     * @param level {@link #ERR} to {@link #DEBUG}
     * @return false when DPDK refuses (a bad regex, a level past {@code RTE_LOG_MAX})
     */
    public static boolean setLevels(final String regex, final int level)
    {
        try (Arena arena = Arena.ofConfined())
        {
            return EalRaw.log_set_level_regexp(arena.allocateFrom(regex), level) == 0;
        }
    }
}
