/**
 * Reading and injecting samples of any topic, headless (the desktop views and the CLI sit on it).
 *
 * <h2>Flow</h2>
 * <pre>{@code
 * TypeResolver resolver = new TypeResolver(connection, importedTypes);
 * try (ResolvedType type = resolver.resolve("SensorData")) {          // LOCAL, WIRE, IMPORTED, ROS_MSG, ROS_SERVICE, RAW
 *     DerivedQos qos = QosDeriver.forReader(connection.model().snapshot(), "SensorData");  // editable
 *     try (ReaderSession reader = ReaderSession.open(connection, type, ReaderSession.Config.of(qos))) {
 *         long seq = 0;
 *         SampleBatch b = reader.poll(seq, 500);                        // the UI polls on a throttle
 *         seq = b.nextSeq();
 *     }
 * }
 * }</pre>
 *
 * <ul>
 * <li>{@link org.ddstuner.samples.TypeResolver} finds a type for a topic and records why each source
 * failed ({@link org.ddstuner.samples.ResolutionAttempt}); user IDL lives in
 * {@link org.ddstuner.samples.ImportedTypes}, types of entities running inside the tool (the demo) in
 * {@link org.ddstuner.samples.LocalTypes} (libddsc announces no type information for endpoints in the same
 * process). Without any type, a keyed or keyless stand-in (as the writers' GUIDs say) receives the bytes:
 * {@link org.ddstuner.samples.RawGuess} shows them as hex and guessed primitive values.</li>
 * <li>{@link org.ddstuner.samples.QosDeriver} makes a reader QoS and partition set that match every
 * discovered writer (and a writer QoS matching every reader), as an editable
 * {@link org.ddstuner.samples.DerivedQos} with notes for the person.</li>
 * <li>{@link org.ddstuner.samples.ReaderSession} creates the tool's own subscriber, topic and reader (on the
 * connection's own participant, so the model flags them "own"), takes or reads on a background thread into
 * a bounded ring of {@link org.ddstuner.samples.ReceivedSample}s, decoded on a second thread (or on first
 * use), with a deep KEEP_LAST history by default (the tool never holds up the monitored writers); consumers poll by sequence number
 * ({@link org.ddstuner.samples.SampleBatch}), never one callback per sample.</li>
 * <li>{@link org.ddstuner.samples.SampleColumns} flattens values into columns,
 * {@link org.ddstuner.samples.SampleFilter} filters them with a small expression language,
 * {@link org.ddstuner.samples.SampleExport} writes CSV/JSON and
 * {@link org.ddstuner.samples.SampleJson} reads JSON back into values of the type.</li>
 * <li>{@link org.ddstuner.samples.WriterSession} writes, disposes and unregisters values, repeats writes at
 * a rate ({@link org.ddstuner.samples.RepeatJob}); {@link org.ddstuner.samples.SampleTemplates} stores
 * values per type; {@link org.ddstuner.samples.InjectionGuard} remembers that the person confirmed
 * injecting into a connection.</li>
 * </ul>
 * Values use the representation of {@code org.ddstuner.types} (see its package-info): structs are
 * {@code Map<String,Object>}, sequences {@code List}, enums {@code Enumerator}, unions {@code UnionValue}.
 */
package org.ddstuner.samples;
