/** Annotation processor: stubs, skeletons and marshallers at compile time (build-time only, not deployed). (not exported). */
package org.karmi.codegen.internal;
