package example.undeclared_serializable_types;

import java.io.Serializable;
import java.util.List;

/** An application class no remote interface names. */
public class Order implements Serializable {

    private static final long serialVersionUID = 1L;

    public final String customer;
    public final List<Line> lines;

    public Order(String customer, List<Line> lines) {
        this.customer = customer;
        this.lines = lines;
    }

    /** An order line. */
    public static class Line implements Serializable {
        private static final long serialVersionUID = 1L;

        public final String item;
        public final int quantity;

        public Line(String item, int quantity) {
            this.item = item;
            this.quantity = quantity;
        }
    }
}
