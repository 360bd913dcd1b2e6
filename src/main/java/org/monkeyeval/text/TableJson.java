package org.monkeyeval.text;

import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;

/**
 * A CSV table as a JSON array of row objects with the same columns, for programs that read JSON:
 * text columns stay strings, empty cells become null, every other cell a JSON number with the same
 * digits as in the CSV.
 */
public final class TableJson {

    private TableJson() {
    }

    /**
     * @param csv         a table as written by {@link Csv}
     * @param textColumns columns whose cells are text (ids, names)
     */
    public static String of(String csv, Set<String> textColumns) {
        CsvTable table = CsvTable.parse(csv);
        ArrayNode rows = Json.array();
        for (List<String> row : table.rows()) {
            ObjectNode node = rows.addObject();
            for (int c = 0; c < table.header().size(); c++) {
                String column = table.header().get(c);
                String cell = row.get(c);
                if (textColumns.contains(column)) {
                    node.put(column, cell);
                } else if (cell.isEmpty()) {
                    node.putNull(column);
                } else if (cell.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?(e[-+][0-9]+)?")) {
                    node.putRawValue(column, new RawValue(cell)); // Numbers.format output is a JSON number
                } else {
                    node.put(column, cell);
                }
            }
        }
        return Json.write(rows);
    }
}
