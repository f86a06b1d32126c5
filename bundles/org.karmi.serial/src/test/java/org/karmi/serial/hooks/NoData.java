package org.karmi.serial.hooks;

import java.io.ObjectStreamException;
import java.io.Serializable;

/** readObjectNoData: called by the JDK only when the stream lacks this class; otherwise fields as usual. */
public class NoData implements Serializable {
    private static final long serialVersionUID = 1L;
    public int x = 1;
    public transient boolean noDataCalled;

    private void readObjectNoData() throws ObjectStreamException {
        noDataCalled = true;
    }
}
