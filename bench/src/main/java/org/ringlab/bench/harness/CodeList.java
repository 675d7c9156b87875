package org.ringlab.bench.harness;

import java.lang.management.ManagementFactory;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Which methods the JIT has compiled, as the JVM's {@code Compiler.codelist} diagnostic command
 * lists them (the DiagnosticCommand MBean of {@code jdk.management}: one line per compiled
 * method, {@code "ID LEVEL STATE CLASS.METHOD(SIGNATURE) [ADDRESSES]"}, state 0 in use).
 * {@link JitWarmup} asks it whether the measured loop's method runs in C2's code yet: the
 * JVM's total compilation time, its other signal, grows only when some compilation finishes,
 * so on loaded cores, with C2's queue long, a warm-up that waits for 100 ms without one can end
 * before the loop reaches C2, and the timed repetitions then run C1's profiling code (the
 * anchors' mechanism replay: 36–47 ns per record where C2's code takes 7.5).
 */
final class CodeList {

    /** C2's tier in the code list's level column. */
    private static final int C2_LEVEL = 4;
    private static final int IN_USE = 0;

    private final MBeanServer server;
    private final ObjectName command;

    private CodeList(MBeanServer server, ObjectName command) {
        this.server = server;
        this.command = command;
    }

    /** The code list of this JVM, or null where it has no DiagnosticCommand MBean (another JVM, jdk.management absent). */
    static CodeList ofThisJvm() {
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            ObjectName command = new ObjectName("com.sun.management:type=DiagnosticCommand");
            return server.isRegistered(command) ? new CodeList(server, command) : null;
        } catch (JMException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Whether {@code method} ({@code "package.Class.method"}) has C2-compiled code in use; null
     * when the list cannot be read (then the caller cannot tell, and says so).
     */
    Boolean compiledByC2(String method) {
        String list;
        try {
            list = (String) server.invoke(command, "compilerCodelist", new Object[] {null},
                    new String[] {String[].class.getName()});
        } catch (JMException | RuntimeException e) {
            return null;
        }
        return list.lines().anyMatch(line -> inUseAtC2(line, method + "("));
    }

    /** One code list line: {@code "ID LEVEL STATE NAME(…"}. */
    static boolean inUseAtC2(String line, String nameAndParenthesis) {
        String[] f = line.strip().split(" ", 4);
        if (f.length < 4 || !f[3].startsWith(nameAndParenthesis)) {
            return false;
        }
        try {
            return Integer.parseInt(f[1]) == C2_LEVEL && Integer.parseInt(f[2]) == IN_USE;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
