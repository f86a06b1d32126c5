/**
 * The text tables the {@code karmi:} commands print. Not exported: bundles with commands of
 * their own ({@code org.karmi.rsa}) embed it with bnd's {@code -conditionalpackage}, so the
 * tables look alike without a public API for them.
 */
package org.karmi.shell.table;
