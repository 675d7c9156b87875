package org.ringlab.bench.util;

import java.util.List;

/** A table as console text (aligned columns) or Markdown; the first columns are names, the rest numbers. */
public final class TextTable {

    private TextTable() {
    }

    /**
     * @param nameColumns how many leading columns hold names: left-aligned (the others right-aligned)
     */
    public static String render(List<String> header, List<List<String>> rows, int nameColumns, boolean markdown) {
        int[] width = new int[header.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = header.get(i).length();
            for (List<String> row : rows) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        appendRow(sb, header, width, nameColumns, markdown);
        if (markdown) {
            StringBuilder rule = new StringBuilder("|");
            for (int i = 0; i < width.length; i++) {
                rule.append(i < nameColumns ? "---|" : "---:|");
            }
            sb.append(rule).append('\n');
        }
        for (List<String> row : rows) {
            appendRow(sb, row, width, nameColumns, markdown);
        }
        return sb.toString();
    }

    private static void appendRow(StringBuilder sb, List<String> cells, int[] width, int nameColumns, boolean markdown) {
        if (markdown) {
            sb.append("| ").append(String.join(" | ", cells)).append(" |\n");
            return;
        }
        for (int i = 0; i < cells.size(); i++) {
            String c = cells.get(i);
            // Names left-aligned, numbers right-aligned, two spaces between columns.
            String pad = " ".repeat(width[i] - c.length());
            sb.append(i < nameColumns ? c + pad : pad + c);
            if (i < cells.size() - 1) {
                sb.append("  ");
            }
        }
        sb.append('\n');
    }
}
