/** Endpoint descriptions as Aries config-discovery files: an example's stand-in for a network discovery (not exported). */
package org.karmi.examples.endpointfiles;
