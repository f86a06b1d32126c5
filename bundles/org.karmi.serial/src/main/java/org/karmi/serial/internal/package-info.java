/** The UKA-serialization's implementation: streams, built-in and run-time marshallers, the registry, the DS component (not exported). */
package org.karmi.serial.internal;
