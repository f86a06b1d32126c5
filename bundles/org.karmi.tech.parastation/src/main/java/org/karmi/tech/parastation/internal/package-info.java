/** ParaStation technology (shared-memory messaging between JVMs of one host): registers the parastation Technology. (not exported). */
package org.karmi.tech.parastation.internal;
