package org.ddstuner.config.scenario;

/**
 * TLS for the TCP transport (Domain/SSL of Cyclone 0.10.2, needs a libddsc built with DDS_HAS_SSL — Debian's
 * 0.10.2 is: it links libssl and has ddsi_ssl; Cyclone 11 calls the flag DDS_HAS_TCP_TLS and the PyPI wheel has
 * neither TCP nor TLS). libddsc loads the keystore when it creates the domain, so the check proves it readable.
 *
 * @param keystoreFile  PEM file holding this node's certificate and private key (and the CA certificates it trusts)
 * @param keyPassphrase the key's pass phrase, {@code null} when the key is not encrypted
 * @param selfSigned    accept self-signed certificates (test set-ups)
 * @param verifyClient  a node accepting a connection checks the connecting node's certificate too
 */
public record Tls(String keystoreFile, String keyPassphrase, boolean selfSigned, boolean verifyClient) {

    public Tls {
        if (keystoreFile == null || keystoreFile.isBlank()) {
            throw new IllegalArgumentException("TLS needs a keystore file (PEM: certificate and private key)");
        }
    }
}
