/** The papers' benchmark objects ({@code 32 int}, {@code 4 int 2 null}, {@code tree(15)}) and their values. */
package org.karmi.bench.jmh.objects;
