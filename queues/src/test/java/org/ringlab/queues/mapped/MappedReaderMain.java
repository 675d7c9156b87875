package org.ringlab.queues.mapped;

import java.nio.file.Path;

/**
 * Child-process reader: {@code PATH beginning|end}. Reads consecutive numbered records until
 * the writer is closed or gone and nothing more is there, then prints {@code first=… delivered=…
 * violations=…}. Attaching from the end, the first record is whatever comes next.
 */
public final class MappedReaderMain {

    public static void main(String[] args) {
        Path path = Path.of(args[0]);
        boolean fromStart = args[1].equals("beginning");
        try (MappedQueueReader reader = MappedQueue.attach(path, fromStart ? MappedQueue.StartAt.BEGINNING
                : MappedQueue.StartAt.END)) {
            System.out.println("attached at " + reader.position());
            System.out.flush();
            Numbered.Checker checker = Numbered.readToEnd(reader, new Numbered.Checker(fromStart ? 0 : -1), 60_000);
            System.out.println(checker.summary());
        }
    }
}
