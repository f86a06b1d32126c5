/** The KaRMI distribution provider for Apache Aries RSA (not exported). */
package org.karmi.rsa.internal;
