package org.karmi.itests;

import java.util.ArrayList;
import java.util.List;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;
import org.osgi.service.component.runtime.dto.UnsatisfiedReferenceDTO;

/**
 * Finds what is wrong in a running framework: bundles that are not ACTIVE and DS components
 * that are unsatisfied or failed to activate, each described with its name and the reason.
 */
final class KarmiHealth {

    private KarmiHealth() {
    }

    /** One line per expected bundle that is missing or not ACTIVE. */
    static List<String> bundleProblems(BundleContext context, List<String> symbolicNames) {
        List<String> problems = new ArrayList<>();
        for (String bsn : symbolicNames) {
            Bundle b = find(context, bsn);
            if (b == null) {
                problems.add(bsn + ": not installed");
            } else if (b.getState() != Bundle.ACTIVE) {
                problems.add(bsn + ": " + stateName(b.getState()) + startFailure(b));
            }
        }
        return problems;
    }

    /** One line per component, of bundles whose name starts with {@code prefix}, that is not satisfied. */
    static List<String> componentProblems(ServiceComponentRuntime scr, String prefix) {
        List<String> problems = new ArrayList<>();
        for (ComponentDescriptionDTO d : scr.getComponentDescriptionDTOs()) {
            if (!d.bundle.symbolicName.startsWith(prefix)) {
                continue;
            }
            String who = d.name + " (" + d.bundle.symbolicName + ")";
            if (!scr.isComponentEnabled(d)) {
                if (d.defaultEnabled) {
                    problems.add(who + ": disabled");
                }
                continue;
            }
            for (ComponentConfigurationDTO c : scr.getComponentConfigurationDTOs(d)) {
                switch (c.state) {
                    case ComponentConfigurationDTO.UNSATISFIED_CONFIGURATION:
                        problems.add(who + ": unsatisfied configuration");
                        break;
                    case ComponentConfigurationDTO.UNSATISFIED_REFERENCE:
                        StringBuilder refs = new StringBuilder();
                        for (UnsatisfiedReferenceDTO r : c.unsatisfiedReferences) {
                            refs.append(' ').append(r.name).append(r.target == null ? "" : " " + r.target);
                        }
                        problems.add(who + ": unsatisfied reference" + refs);
                        break;
                    case ComponentConfigurationDTO.FAILED_ACTIVATION:
                        problems.add(who + ": failed activation: " + c.failure);
                        break;
                    default:
                        break;
                }
            }
        }
        return problems;
    }

    static Bundle find(BundleContext context, String bsn) {
        for (Bundle b : context.getBundles()) {
            if (bsn.equals(b.getSymbolicName())) {
                return b;
            }
        }
        return null;
    }

    /** Why a bundle that is only INSTALLED does not start: the resolver's message. */
    private static String startFailure(Bundle b) {
        if (b.getState() != Bundle.INSTALLED) {
            return "";
        }
        try {
            b.start();
            return "";
        } catch (Exception e) {
            return " (" + e.getMessage() + ")";
        }
    }

    private static String stateName(int state) {
        switch (state) {
            case Bundle.INSTALLED: return "INSTALLED (did not resolve)";
            case Bundle.RESOLVED: return "RESOLVED (not started)";
            case Bundle.STARTING: return "STARTING";
            case Bundle.STOPPING: return "STOPPING";
            case Bundle.UNINSTALLED: return "UNINSTALLED";
            default: return "state " + state;
        }
    }
}
