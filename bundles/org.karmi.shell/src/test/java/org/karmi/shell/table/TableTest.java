package org.karmi.shell.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TableTest {

    @Test
    void columnsArePaddedToTheWidestCellAndNumbersAlignRight() {
        String t = new Table("NAME", ">CALLS", "NOTE").row("tcp", 12345, "x").row("parastation", 7, null).toString();
        assertEquals("NAME         CALLS  NOTE\n"
                + "tcp          12345  x\n"
                + "parastation      7  -\n", t);
    }

    @Test
    void rowWithTheWrongNumberOfCellsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Table("A", "B").row("only one"));
    }
}
