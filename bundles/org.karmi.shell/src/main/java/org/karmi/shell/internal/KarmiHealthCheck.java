package org.karmi.shell.internal;

import java.util.List;

import org.apache.felix.hc.api.FormattingResultLog;
import org.apache.felix.hc.api.HealthCheck;
import org.apache.felix.hc.api.Result;
import org.karmi.RemoteRuntime;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * The node's Felix Health Check (name {@value #NAME}, tag {@code karmi}): runtime present,
 * registry answering, every technology bundle's technology running and listening
 * ({@link NodeHealth}). Registered only to executors: the Health Check API is an optional
 * import. Executors may call it on several threads; each call reads the framework afresh.
 */
@Component(service = HealthCheck.class, property = {
        HealthCheck.NAME + "=" + KarmiHealthCheck.NAME,
        HealthCheck.TAGS + "=karmi"})
public final class KarmiHealthCheck implements HealthCheck {

    static final String NAME = "KaRMI node";

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile RemoteRuntime runtime;

    private final BundleContext context;

    @Activate
    public KarmiHealthCheck(BundleContext context) {
        this.context = context;
    }

    @Override
    public Result execute() {
        List<NodeHealth.Finding> findings = TechnologyProviders.with(context, p -> NodeHealth.check(runtime, p, DispatchThreads.of(context)));
        FormattingResultLog log = new FormattingResultLog();
        for (NodeHealth.Finding f : findings) {
            String line = f.check() + ": " + f.detail();
            switch (f.status()) {
                case CRITICAL: log.critical(line); break;
                case WARN: log.warn(line); break;
                default: log.info(line); break;
            }
        }
        return new Result(log);
    }
}
