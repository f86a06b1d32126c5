/** The reference layer: object table, client and server references, UTID choice, registry, call dispatch. Registers RemoteRuntime. (not exported). */
package org.karmi.core.internal;
