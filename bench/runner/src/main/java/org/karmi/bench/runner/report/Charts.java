package org.karmi.bench.runner.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.karmi.bench.runner.Configuration;
import org.karmi.bench.runner.Results;
import org.karmi.bench.runner.Row;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BoxChart;
import org.knowm.xchart.BoxChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The report's pictures, as PNG files (XChart, headless). Stateless. */
public final class Charts {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 520;

    private Charts() {
    }

    /**
     * The paper's Figure 4: % saved against configuration (1), one box per configuration,
     * over every constellation of the kernels and applications. Returns the file name, or
     * {@code null} if there is nothing to draw.
     */
    public static String savedBoxPlot(Results r, Path dir) throws IOException {
        BoxChart chart = new BoxChartBuilder().width(WIDTH).height(HEIGHT)
                .title("Time saved against (1) java.rmi, over all constellations")
                .xAxisTitle("configuration").yAxisTitle("% saved").build();
        int series = 0;
        for (Configuration c : r.running()) {
            if (c.isBaseline()) {
                continue;
            }
            List<Double> saved = r.savedAll(c.key());
            if (saved.size() >= 1) {
                chart.addSeries(c.label(), saved);
                series++;
            }
        }
        return series == 0 ? null : save(chart, dir, "fig4-saved-boxplot");
    }

    /** The paper's Figure 5: % saved against the bytes an argument takes (JDK serialization). */
    public static String savedVersusBytes(Results r, Path dir) throws IOException {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title("Time saved against argument size (obj kernels)")
                .xAxisTitle("argument bytes (JDK serialization)").yAxisTitle("% saved against (1)").build();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setXAxisLogarithmic(true);
        int series = 0;
        for (Configuration c : r.running()) {
            if (c.isBaseline()) {
                continue;
            }
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (Row row : r.section("kernel")) {
                if (row.config().equals(c.key()) && row.bytes() > 0) {
                    double s = r.saved("kernel", row.constellation(), c.key());
                    if (!Double.isNaN(s)) {
                        x.add(row.bytes());
                        y.add(s);
                    }
                }
            }
            if (!x.isEmpty()) {
                chart.addSeries(c.label(), x, y);
                series++;
            }
        }
        return series == 0 ? null : save(chart, dir, "fig5-saved-vs-bytes");
    }

    /** Bandwidth against message size: one curve per configuration and element type, and the raw socket. */
    public static String bandwidth(Results r, Path dir) throws IOException {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title("Bandwidth: void ping(obj)")
                .xAxisTitle("message payload (bytes)").yAxisTitle("MB/s").build();
        chart.getStyler().setXAxisLogarithmic(true);
        List<Configuration> configs = new ArrayList<>(r.running());
        if (r.configurations.containsKey(Configuration.SOCKET)) {
            configs.add(Configuration.SOCKET);
        }
        int series = 0;
        for (Configuration c : configs) {
            for (String type : List.of("byte", "float")) {
                List<Double> x = new ArrayList<>();
                List<Double> y = new ArrayList<>();
                for (Row row : r.section("bandwidth")) {
                    if (row.config().equals(c.key()) && row.constellation().startsWith(type + "[]")) {
                        double mbps = row.number("MBps");
                        if (!Double.isNaN(mbps)) {
                            x.add(row.bytes());
                            y.add(mbps);
                        }
                    }
                }
                if (!x.isEmpty()) {
                    XYSeries s = chart.addSeries(c.label() + " " + type + "[]", x, y);
                    s.setMarker(type.equals("byte") ? SeriesMarkers.CIRCLE : SeriesMarkers.DIAMOND);
                    series++;
                }
            }
        }
        return series == 0 ? null : save(chart, dir, "bandwidth");
    }

    /** Calls per second against the number of concurrent clients (CORBA paper). */
    public static String callsPerSecond(Results r, Path dir) throws IOException {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title("int next(): calls per second against clients")
                .xAxisTitle("concurrent clients").yAxisTitle("calls/s (all clients)").build();
        int series = 0;
        for (Configuration c : r.running()) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (Row row : r.section("clients")) {
                if (row.config().equals(c.key())) {
                    x.add(row.number("clients"));
                    y.add(row.number("calls_per_s"));
                }
            }
            if (!x.isEmpty()) {
                chart.addSeries(c.label(), x, y);
                series++;
            }
        }
        return series == 0 ? null : save(chart, dir, "calls-per-second");
    }

    private static String save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path dir, String name)
            throws IOException {
        BitmapEncoder.saveBitmap(chart, dir.resolve(name).toString(), BitmapEncoder.BitmapFormat.PNG);
        return name + ".png";
    }
}
