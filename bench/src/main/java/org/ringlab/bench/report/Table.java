package org.ringlab.bench.report;

import java.util.List;

/** A table of an experiment, as printed on the terminal and in report.md / report.html. */
public record Table(String title, List<String> headers, List<List<String>> rows) {

    public Table {
        headers = List.copyOf(headers);
        rows = rows.stream().map(List::copyOf).toList();
        for (List<String> row : rows) {
            if (row.size() != headers.size()) {
                throw new IllegalArgumentException("table '" + title + "': row " + row + " has " + row.size()
                        + " cells for " + headers.size() + " headers");
            }
        }
    }
}
